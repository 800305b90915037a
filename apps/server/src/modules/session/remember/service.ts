import { randomBytes } from 'node:crypto';
import { AppError } from '../../../http/app-error.js';
import { generateSessionToken, hashSessionToken, SESSION_TOKEN_PATTERN } from '../token.js';
import type { RememberRepository } from './repository.js';

/** "Remember me" lasts this long from the login with the password (SPEC §8: 24 hours). */
export const REMEMBER_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const FAMILY_ID_BYTES = 16;

export interface RememberedToken {
  token: string;
  expiresAt: Date;
}

/**
 * Remember-me tokens: 256-bit, stored as SHA-256, bound to one member of one merchant. A token
 * is used once: the one-click login spends it and hands out the next one of the same family,
 * which keeps the family's expiry (24 hours after the password login, never longer). Showing a
 * spent token again means the cookie was copied: the whole family is revoked.
 */
export function createRememberService(repository: RememberRepository, now: () => number) {
  return {
    async issue(input: { merchantCode: string; memberId: bigint }): Promise<RememberedToken> {
      const token = generateSessionToken();
      const expiresAt = new Date(now() + REMEMBER_TOKEN_TTL_MS);
      await repository.insert({
        merchantCode: input.merchantCode,
        memberId: input.memberId,
        familyId: randomBytes(FAMILY_ID_BYTES).toString('base64url'),
        tokenHash: hashSessionToken(token),
        expiresAt,
      });
      return { token, expiresAt };
    },

    /** Spends a token and answers its member and the next token; REMEMBER_TOKEN_INVALID else. */
    async redeem(
      token: string | undefined,
      merchantCode: string,
    ): Promise<{ memberId: bigint; next: RememberedToken }> {
      if (!token || !SESSION_TOKEN_PATTERN.test(token))
        throw new AppError('REMEMBER_TOKEN_INVALID');
      const row = await repository.findByHash(hashSessionToken(token));
      if (!row || row.merchantCode !== merchantCode || row.revokedAt !== null) {
        throw new AppError('REMEMBER_TOKEN_INVALID');
      }
      if (row.usedAt !== null || !(await repository.spend(row.id))) {
        await repository.revokeFamily(row.familyId);
        throw new AppError('REMEMBER_TOKEN_INVALID');
      }
      if (row.expiresAt.getTime() <= now()) throw new AppError('REMEMBER_TOKEN_INVALID');
      const next = generateSessionToken();
      await repository.insert({
        merchantCode,
        memberId: row.memberId,
        familyId: row.familyId,
        tokenHash: hashSessionToken(next),
        expiresAt: row.expiresAt,
      });
      return { memberId: row.memberId, next: { token: next, expiresAt: row.expiresAt } };
    },

    /** "Not you?" or remember me unchecked: the family of this browser's token ends. */
    async revoke(token: string | undefined): Promise<void> {
      if (!token || !SESSION_TOKEN_PATTERN.test(token)) return;
      const row = await repository.findByHash(hashSessionToken(token));
      if (row) await repository.revokeFamily(row.familyId);
    },

    revokeAllOfMember(memberId: bigint): Promise<void> {
      return repository.revokeAllOfMember(memberId);
    },
  };
}

export type RememberService = ReturnType<typeof createRememberService>;
