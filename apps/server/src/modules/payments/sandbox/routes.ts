import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SANDBOX_PAY_PATH, type SandboxGateway } from './gateway.js';
import { renderSandboxPage } from './page.js';

const paramsSchema = z.object({ paymentId: z.string().regex(/^sbx_[0-9a-f]{24}$/) });
const formSchema = z.object({ action: z.enum(['pay', 'decline']) });

/** The hosted payment page of the sandbox gateway (not part of the player API). */
export async function registerSandboxGatewayRoutes(app: FastifyInstance, gateway: SandboxGateway) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(
      `${SANDBOX_PAY_PATH}/:paymentId`,
      { schema: { hide: true } },
      async (request, reply) => {
        const params = paramsSchema.safeParse(request.params);
        const payment = params.success ? await gateway.find(params.data.paymentId) : undefined;
        if (!payment) return reply.status(404).type('text/plain').send('Unknown payment');
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(renderSandboxPage(payment));
      },
    );

    scope.post(
      `${SANDBOX_PAY_PATH}/:paymentId`,
      { schema: { hide: true } },
      async (request, reply) => {
        const params = paramsSchema.safeParse(request.params);
        const form = formSchema.safeParse(request.body);
        const payment = params.success ? await gateway.find(params.data.paymentId) : undefined;
        if (!payment || !form.success)
          return reply.status(400).type('text/plain').send('Bad request');
        await gateway.finish(payment.id, form.data.action === 'pay' ? 'paid' : 'declined');
        return reply.redirect(payment.returnUrl, 303);
      },
    );
  });
}
