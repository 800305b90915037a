import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { encodeMetrics, type MetricFamily, PROMETHEUS_CONTENT_TYPE } from './prometheus-text.js';

/** Resolution of the event-loop delay histogram behind the process figures. */
export const EVENT_LOOP_DELAY_RESOLUTION_MS = 10;
const NANOSECONDS_PER_SECOND = 1e9;
const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** One source of families, read at each scrape (request figures, the pool, the ledger...). */
export type MetricsSource = () => MetricFamily[] | Promise<MetricFamily[]>;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * A scraper on this machine (the socket's own peer: a forwarded address is the client's word,
 * not proof), or one that shows the configured token. A loopback peer that forwards a request
 * is a proxy on this machine (deploy/haproxy) passing on someone else's, so it does not count.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (!forwarded && LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? '')) return true;
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return false;
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(sha256(header.slice('Bearer '.length)), sha256(token));
}

/** Event-loop delay since the previous scrape, heap and uptime of this process. */
export function createProcessMetrics(): { source: MetricsSource; stop: () => void } {
  const delay = monitorEventLoopDelay({ resolution: EVENT_LOOP_DELAY_RESOLUTION_MS });
  delay.enable();
  const source: MetricsSource = () => {
    const p99Seconds = delay.count > 0 ? delay.percentile(99) / NANOSECONDS_PER_SECOND : 0;
    const maxSeconds = delay.count > 0 ? delay.max / NANOSECONDS_PER_SECOND : 0;
    delay.reset();
    const memory = process.memoryUsage();
    return [
      {
        name: 'nodejs_eventloop_delay_p99_seconds',
        help: 'The 99th percentile of the event-loop delay since the previous scrape.',
        type: 'gauge',
        samples: [{ value: p99Seconds }],
      },
      {
        name: 'nodejs_eventloop_delay_max_seconds',
        help: 'The longest event-loop delay since the previous scrape.',
        type: 'gauge',
        samples: [{ value: maxSeconds }],
      },
      {
        name: 'nodejs_heap_used_bytes',
        help: 'V8 heap in use.',
        type: 'gauge',
        samples: [{ value: memory.heapUsed }],
      },
      {
        name: 'nodejs_heap_total_bytes',
        help: 'V8 heap reserved.',
        type: 'gauge',
        samples: [{ value: memory.heapTotal }],
      },
      {
        name: 'process_resident_memory_bytes',
        help: 'Resident memory of the process.',
        type: 'gauge',
        samples: [{ value: memory.rss }],
      },
      {
        name: 'process_uptime_seconds',
        help: 'Seconds since the process started.',
        type: 'gauge',
        samples: [{ value: Math.round(process.uptime()) }],
      },
    ];
  };
  return { source, stop: () => delay.disable() };
}

/**
 * `GET /metrics` in Prometheus text format, for loopback peers or the bearer of `token`; any
 * other caller gets the ordinary 404, so the endpoint is not advertised to the public.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  options: { token: string | undefined; sources: readonly MetricsSource[] },
): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, options.token)) return reply.callNotFound();
    const families: MetricFamily[] = [];
    for (const source of options.sources) {
      // One failing source (the database down) leaves its families out, not the whole scrape.
      try {
        families.push(...(await source()));
      } catch (error) {
        request.log.warn({ err: error }, 'a metrics source failed');
      }
    }
    return reply.type(PROMETHEUS_CONTENT_TYPE).send(encodeMetrics(families));
  });
}
