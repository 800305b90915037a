import { AppError } from '../../http/app-error.js';
import { insertGeneratedAccount } from './generated-account.js';
import type { MemberRepository } from './repository.js';
import type { ExternalMemberService } from './service-interface.js';

const NICKNAME_MAX_LENGTH = 64;
const EMAIL_MAX_LENGTH = 254;

/**
 * Members made for an outside identity (social sign-in): a generated username (`g_...`), a
 * password nobody knows (a hash of 32 random bytes, thrown away), the provider's name as the
 * nickname, and the e-mail only when the provider says it is verified.
 */
export function createExternalMemberService(repository: MemberRepository): ExternalMemberService {
  return {
    async createForIdentity(merchant, input) {
      const nickname = input.nickname?.trim().slice(0, NICKNAME_MAX_LENGTH);
      const email = input.verifiedEmail?.trim().slice(0, EMAIL_MAX_LENGTH);
      return insertGeneratedAccount(repository, input.usernamePrefix, {
        merchantCode: merchant.code,
        nickname,
        profile: email ? { email } : {},
        registerIp: input.ip,
        registerUrl: input.registerUrl ?? null,
        registerDomain: null,
        registerMethod: input.registerMethod,
        uplineMemberId: null,
        affiliateCodeId: null,
        termsAcceptedAt: new Date(),
      });
    },

    /** The active member of an identity link; a disabled account cannot sign in this way either. */
    async activeMember(merchant, memberId) {
      const member = await repository.findById(memberId);
      if (!member || member.merchantCode !== merchant.code) throw new AppError('SESSION_EXPIRED');
      if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      return member;
    },
  };
}

export type { ExternalMemberService } from './service-interface.js';
