import {
  adminReferralRuleCall,
  adminSaveReferralRuleCall,
  myReferralCall,
  referralFriendsCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import { resetLinkOrigin } from '../member/index.js';
import { loyaltyActorOf } from '../missions/index.js';
import { merchantOf } from '../system/index.js';
import type { ReferralsAdminService, ReferralsService } from './service.js';

export interface ReferralRouteDeps {
  referrals: ReferralsService;
  /** The member of the session, refusing trial accounts (they cannot invite anyone). */
  realMemberIdOf(request: FastifyRequest): bigint;
}

export function registerReferralRoutes(registerCall: RegisterCall, deps: ReferralRouteDeps): void {
  const { referrals } = deps;
  registerCall(myReferralCall, async ({ request }) => {
    const merchant = merchantOf(request);
    // The link is built on one of the merchant's own domains (as reset links are), never on a
    // Host header the caller wrote.
    return referrals.mine(
      merchant,
      deps.realMemberIdOf(request),
      resetLinkOrigin(merchant, request),
    );
  });
  registerCall(referralFriendsCall, async ({ request, query }) =>
    referrals.friends(merchantOf(request), deps.realMemberIdOf(request), query),
  );
}

export function registerReferralAdminRoutes(
  registerAdminCall: RegisterCall,
  referrals: ReferralsAdminService,
): void {
  registerAdminCall(adminReferralRuleCall, async ({ request }) =>
    referrals.rule(loyaltyActorOf(request, 'missions:read')),
  );
  registerAdminCall(adminSaveReferralRuleCall, async ({ request, body }) =>
    referrals.saveRule(loyaltyActorOf(request, 'referrals:edit'), body),
  );
}
