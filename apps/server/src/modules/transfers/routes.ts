import { transferDownlineCall, transferUplineCall, transferUplineInfoCall } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { authOf, requireAgent } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { TransferService } from './service.js';

/** Transfers between members (guessing the payment password through them): per member. */
export const MEMBER_TRANSFER_LIMIT: RateLimitRule = {
  name: 'member-transfer',
  limit: 30,
  windowMs: 15 * 60 * 1000,
};

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
}

export function registerTransferRoutes(
  registerCall: RegisterCall,
  deps: { transfers: TransferService; rateLimit: RateLimiter },
): void {
  const { transfers, rateLimit } = deps;

  registerCall(transferUplineInfoCall, async ({ request }) =>
    transfers.uplineInfo(merchantOf(request), authOf(request).memberId),
  );

  registerCall(transferUplineCall, async ({ body, request }) => {
    const memberId = authOf(request).memberId;
    await rateLimit(MEMBER_TRANSFER_LIMIT, memberId.toString());
    return transfers.transfer({
      merchant: merchantOf(request),
      memberId,
      direction: 'upline',
      amount: body.amount,
      paymentPassword: body.paymentPassword,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });

  registerCall(transferDownlineCall, async ({ body, request }) => {
    // An agent call: members who are not agents are refused before anything is looked up.
    const memberId = requireAgent(request).memberId;
    await rateLimit(MEMBER_TRANSFER_LIMIT, memberId.toString());
    return transfers.transfer({
      merchant: merchantOf(request),
      memberId,
      direction: 'downline',
      downlineAccount: body.downlineAccount,
      amount: body.amount,
      paymentPassword: body.paymentPassword,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });
}
