import {
  convertPointCall,
  pointBalanceCall,
  pointConfigCall,
  pointDetailCall,
  pointRewardsCall,
  redeemPointListCall,
  redeemPointRewardCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { authOf, requireRealMember } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { PointsService } from './service.js';

/** Redeeming and converting check the payment password: guesses through them, per member. */
export const POINTS_PASSWORD_LIMIT: RateLimitRule = {
  name: 'points-password',
  limit: 30,
  windowMs: 15 * 60 * 1000,
};

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
}

/** The point mall's calls (SPEC §7, all with the token, under `/wps/relay/`). */
export function registerPointsRoutes(
  registerCall: RegisterCall,
  deps: { points: PointsService; rateLimit: RateLimiter },
): void {
  const { points, rateLimit } = deps;

  registerCall(pointBalanceCall, async ({ request }) =>
    points.balance(merchantOf(request), authOf(request).memberId),
  );
  registerCall(pointRewardsCall, async ({ request, query }) =>
    points.rewards(merchantOf(request), authOf(request).memberId, query),
  );
  registerCall(redeemPointListCall, async ({ request, query }) =>
    points.redemptions(authOf(request).memberId, query),
  );
  registerCall(pointConfigCall, async ({ request }) => points.config(merchantOf(request)));
  registerCall(pointDetailCall, async ({ request, query }) =>
    points.detail(authOf(request).memberId, query),
  );
  registerCall(redeemPointRewardCall, async ({ request, body }) => {
    const memberId = requireRealMember(request).memberId;
    await rateLimit(POINTS_PASSWORD_LIMIT, memberId.toString());
    return points.redeem({
      merchant: merchantOf(request),
      memberId,
      rewardId: body.rewardId,
      quantity: body.quantity,
      paymentPassword: body.paymentPassword,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });
  registerCall(convertPointCall, async ({ request, body }) => {
    const memberId = requireRealMember(request).memberId;
    await rateLimit(POINTS_PASSWORD_LIMIT, memberId.toString());
    return points.convert({
      merchant: merchantOf(request),
      memberId,
      points: body.points,
      paymentPassword: body.paymentPassword,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });
}
