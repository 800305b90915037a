import type { FastifyInstance } from 'fastify';

/** A readiness probe that waits longer than this is answered "not ready". */
export const READINESS_TIMEOUT_MS = 2_000;

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: {
    checkDatabase: () => Promise<void>;
    /** True while the process refuses API requests (http/load-shedding.ts). */
    isShedding?: () => boolean;
    /** True once the process is stopping: the load balancer should send it nothing new. */
    isDraining?: () => boolean;
  },
): void {
  const { checkDatabase } = deps;
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    // Stopping: requests under way and those already sent here are still served until the
    // drain ends (main.ts), but a load balancer polling this takes the instance out first.
    if (deps.isDraining?.()) return reply.status(503).send({ status: 'draining' });
    // Overloaded: the load balancer should send new traffic to another instance for a while.
    if (deps.isShedding?.()) return reply.status(503).send({ status: 'overloaded' });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        checkDatabase(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('database check timed out')),
            READINESS_TIMEOUT_MS,
          );
        }),
      ]);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
