import { memberTypes } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { Merchant } from '../system/index.js';
import { insertGeneratedAccount } from './generated-account.js';
import type { Member, MemberRepository } from './repository.js';

/**
 * A free-demo account (type 4, SPEC §4/§6): `demo_` and random letters, and a random password
 * that is never shown, so the only way in is the session the free-play call hands out.
 */
export async function createTrialAccount(
  repository: MemberRepository,
  merchant: Merchant,
  ip: string | null,
): Promise<Member> {
  if (!merchant.whiteLabel.freePlay) throw new AppError('FORBIDDEN');
  return insertGeneratedAccount(repository, 'demo_', {
    merchantCode: merchant.code,
    profile: {},
    registerIp: ip,
    registerUrl: null,
    registerDomain: null,
    registerMethod: 'FREEPLAY',
    uplineMemberId: null,
    affiliateCodeId: null,
    termsAcceptedAt: null,
    type: memberTypes.trial,
  });
}
