import {
  claimRafflePromotionCall,
  promotionApplyCall,
  promotionClaimCall,
  promotionCountCall,
  promotionDetailCall,
  promotionJoinCall,
  promotionListCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import { requestLanguage } from '../../http/language.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { merchantOf } from '../system/index.js';
import type { PromotionMember, PromotionsService, PromotionViewer } from './service.js';

/** Applications carry up to 15 MB of images to decode: a few an hour per member. */
export const PROMOTION_APPLY_PER_MEMBER_LIMIT: RateLimitRule = {
  name: 'promotion-apply-member',
  limit: 10,
  windowMs: 60 * 60 * 1000,
};

export interface PromotionRouteDeps {
  promotions: PromotionsService;
  rateLimit: RateLimiter;
  /** The member of the request's session when it sent a valid one, else null (guests browse). */
  viewerIdOf(request: FastifyRequest): Promise<bigint | null>;
  /** The member on an action: guests get SESSION_REQUIRED, trial accounts TRIAL_ACCOUNT. */
  memberIdOf(request: FastifyRequest): bigint;
}

function scopeOf(request: FastifyRequest, memberId: bigint | null): PromotionViewer {
  const merchant = merchantOf(request);
  return {
    merchantCode: merchant.code,
    currency: merchant.currency,
    language: requestLanguage(request),
    defaultLanguage: merchant.defaultLanguage,
    memberId,
  };
}

export function registerPromotionRoutes(
  registerCall: RegisterCall,
  deps: PromotionRouteDeps,
): void {
  const { promotions } = deps;
  const member = (request: FastifyRequest): PromotionMember =>
    scopeOf(request, deps.memberIdOf(request)) as PromotionMember;
  registerCall(promotionListCall, async ({ request, query }) => ({
    list: await promotions.list(scopeOf(request, await deps.viewerIdOf(request)), query.category),
  }));
  registerCall(promotionDetailCall, async ({ request, query }) =>
    promotions.detail(scopeOf(request, await deps.viewerIdOf(request)), query.id),
  );
  registerCall(promotionCountCall, async ({ request }) => ({
    count: await promotions.count(scopeOf(request, await deps.viewerIdOf(request))),
  }));
  registerCall(promotionJoinCall, async ({ request, body }) =>
    promotions.join(member(request), body.id),
  );
  registerCall(promotionClaimCall, async ({ request, body }) =>
    promotions.claim(member(request), body.id),
  );
  registerCall(promotionApplyCall, async ({ request, body }) => {
    const applicant = member(request);
    await deps.rateLimit(PROMOTION_APPLY_PER_MEMBER_LIMIT, applicant.memberId.toString());
    return promotions.apply(applicant, body);
  });
  registerCall(claimRafflePromotionCall, async ({ request, body }) =>
    promotions.claimRaffle(member(request), body.promotionId),
  );
}
