import { randomBytes, randomInt } from 'node:crypto';
import { AppError } from '../../http/app-error.js';
import type { Merchant } from '../system/index.js';
import { hashPassword } from './password.js';
import type { Member, MemberRepository } from './repository.js';
import { normalizeUsername } from './service.js';

/** Letters of a generated username: lowercase, no look-alikes. */
const USERNAME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GENERATED_USERNAME_LENGTH = 10;
/** Tries at a free generated username before giving up (a clash is already ~1 in 10^14). */
const GENERATED_USERNAME_TRIES = 5;
const NICKNAME_MAX_LENGTH = 64;
const EMAIL_MAX_LENGTH = 254;

function generatedUsername(prefix: string): string {
  let name = prefix;
  for (let index = 0; index < GENERATED_USERNAME_LENGTH; index += 1) {
    name += USERNAME_ALPHABET[randomInt(USERNAME_ALPHABET.length)];
  }
  return name;
}

/**
 * Members made for an outside identity (social sign-in): a generated username (`g_...`), a
 * password nobody knows (a hash of 32 random bytes, thrown away), the provider's name as the
 * nickname, and the e-mail only when the provider says it is verified.
 */
export function createExternalMemberService(repository: MemberRepository) {
  return {
    async createForIdentity(
      merchant: Merchant,
      input: {
        usernamePrefix: string;
        nickname?: string | undefined;
        verifiedEmail?: string | undefined;
        registerUrl?: string | undefined;
        registerMethod: string;
        ip: string | null;
      },
    ): Promise<Member> {
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const nickname = input.nickname?.trim().slice(0, NICKNAME_MAX_LENGTH);
      const email = input.verifiedEmail?.trim().slice(0, EMAIL_MAX_LENGTH);
      for (let attempt = 0; attempt < GENERATED_USERNAME_TRIES; attempt += 1) {
        const username = generatedUsername(input.usernamePrefix);
        const member = await repository.insert({
          merchantCode: merchant.code,
          username,
          usernameNormalized: normalizeUsername(username),
          passwordHash,
          paymentPasswordHash: null,
          passwordKnown: false,
          nickname: nickname || username,
          profile: email ? { email } : {},
          registerIp: input.ip,
          registerUrl: input.registerUrl ?? null,
          registerDomain: null,
          registerMethod: input.registerMethod,
          uplineMemberId: null,
          affiliateCodeId: null,
          termsAcceptedAt: new Date(),
        });
        if (member) return member;
      }
      throw new AppError('INTERNAL_ERROR');
    },

    /** The active member of an identity link; a disabled account cannot sign in this way either. */
    async activeMember(merchant: Merchant, memberId: bigint): Promise<Member> {
      const member = await repository.findById(memberId);
      if (!member || member.merchantCode !== merchant.code) throw new AppError('SESSION_EXPIRED');
      if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      return member;
    },
  };
}

export type ExternalMemberService = ReturnType<typeof createExternalMemberService>;
