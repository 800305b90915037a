import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export interface RememberTokenRow {
  id: bigint;
  merchantCode: string;
  memberId: bigint;
  familyId: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** Remember-me tokens (table remember_tokens): only their SHA-256 is stored. */
export function createRememberRepository(db: Db) {
  return {
    async insert(token: {
      merchantCode: string;
      memberId: bigint;
      familyId: string;
      tokenHash: Buffer;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('remember_tokens')
        .values({
          merchant_code: token.merchantCode,
          member_id: token.memberId.toString(),
          family_id: token.familyId,
          token_hash: token.tokenHash,
          expires_at: token.expiresAt,
        })
        .execute();
    },
    async findByHash(tokenHash: Buffer): Promise<RememberTokenRow | undefined> {
      const row = await db
        .selectFrom('remember_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        merchantCode: row.merchant_code,
        memberId: row.member_id,
        familyId: row.family_id,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
        revokedAt: row.revoked_at,
      };
    },
    /** Spends a live token; false when another request spent it first (a race is a reuse). */
    async spend(id: bigint): Promise<boolean> {
      const result = await db
        .updateTable('remember_tokens')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async revokeFamily(familyId: string): Promise<void> {
      await db
        .updateTable('remember_tokens')
        .set({ revoked_at: sql<Date>`now()` })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllOfMember(memberId: bigint): Promise<void> {
      await db
        .updateTable('remember_tokens')
        .set({ revoked_at: sql<Date>`now()` })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Removes tokens that can no longer be used (expired a day ago or more). */
    async prune(): Promise<void> {
      await db
        .deleteFrom('remember_tokens')
        .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
    },
  };
}

export type RememberRepository = ReturnType<typeof createRememberRepository>;
