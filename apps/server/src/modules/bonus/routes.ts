import { bonusListCall, forfeitBonusCall, rewardCenterCall } from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import { requireRealMember } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { BonusMemberCalls } from './member-calls.js';

/** The member's bonus calls: bonus details, the reward centre and forfeit (real members only). */
export function registerBonusRoutes(registerCall: RegisterCall, calls: BonusMemberCalls): void {
  registerCall(bonusListCall, async ({ request, query }) =>
    calls.list(requireRealMember(request).memberId, query.pageNo, query.pageSize),
  );
  registerCall(rewardCenterCall, async ({ request }) =>
    calls.rewardCenter(merchantOf(request), requireRealMember(request).memberId),
  );
  registerCall(forfeitBonusCall, async ({ request, body }) =>
    calls.forfeit(requireRealMember(request).memberId, body.bonusId),
  );
}
