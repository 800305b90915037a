import { createDepositCall, depositCall, depositsCall, paymentMethodsCall } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import { sendError } from '../../http/error-handler.js';
import { requireRealMember } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { PaymentsService } from './service.js';
import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER } from './signature.js';

/** Largest callback body a gateway may send. */
export const CALLBACK_BODY_LIMIT_BYTES = 8 * 1024;
export const CALLBACK_PATH = '/callbacks/payments/:merchantCode/:methodCode';

const callbackParams = z.object({
  merchantCode: z.string().max(32),
  methodCode: z.string().max(40),
});

export async function registerPaymentsRoutes(
  app: FastifyInstance,
  registerCall: RegisterCall,
  payments: PaymentsService,
): Promise<void> {
  registerCall(paymentMethodsCall, async ({ request }) => {
    requireRealMember(request);
    return payments.methods(merchantOf(request));
  });

  registerCall(createDepositCall, async ({ body, request }) => {
    const key = request.headers['idempotency-key'];
    return payments.createDeposit({
      merchant: merchantOf(request),
      memberId: requireRealMember(request).memberId,
      methodCode: body.methodCode,
      amount: body.amount,
      payerReference: body.payerReference,
      idempotencyKey: Array.isArray(key) ? key[0] : key,
    });
  });

  registerCall(depositCall, async ({ query, request }) =>
    payments.deposit(merchantOf(request), requireRealMember(request).memberId, query.depositId),
  );

  registerCall(depositsCall, async ({ request }) =>
    payments.deposits(merchantOf(request), requireRealMember(request).memberId),
  );

  // Gateways call this with their signed JSON; the signature covers the raw bytes, so the body
  // is kept as the string that arrived.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const params = callbackParams.safeParse(request.params);
      const signature = request.headers[CALLBACK_SIGNATURE_HEADER];
      const timestamp = request.headers[CALLBACK_TIMESTAMP_HEADER];
      if (
        !params.success ||
        typeof signature !== 'string' ||
        typeof timestamp !== 'string' ||
        typeof request.body !== 'string'
      ) {
        return sendError(request, reply, 'VALIDATION_FAILED');
      }
      try {
        await payments.handleCallback({
          ...params.data,
          rawBody: request.body,
          timestamp,
          signature,
        });
      } catch (error) {
        if (error instanceof AppError) return sendError(request, reply, error.errorCode);
        throw error;
      }
      return { success: true, value: 'OK' };
    });
  });
}
