import type { Db } from '../../db/database.js';
import { createReferralsRepository } from './repository.js';

/**
 * The demo merchant's referral rule (VND): 50,000 to the inviter once a friend's deposits reach
 * 100,000, for up to 50 friends. Left alone when the merchant has a rule already.
 */
export async function seedDemoReferralRule(db: Db, merchantCode: string): Promise<void> {
  const repository = createReferralsRepository(db);
  if (await repository.rule(merchantCode)) return;
  await repository.saveRule({
    merchantCode,
    enabled: true,
    qualifyBy: 'deposit',
    thresholdMinor: 10_000_000n,
    rewardKind: 'cash',
    rewardAmount: 5_000_000n,
    maxRewardedFriends: 50,
  });
}
