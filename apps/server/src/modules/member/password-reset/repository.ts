import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export interface ResetCandidate {
  id: bigint;
  username: string;
  active: boolean;
  /** The e-mail given at registration (profile `email`), if any. */
  email: string | null;
}

export function createPasswordResetRepository(db: Db) {
  return {
    /** The same repository on the caller's transaction. */
    within: (executor: Db) => createPasswordResetRepository(executor),
    async findCandidate(
      merchantCode: string,
      usernameNormalized: string,
    ): Promise<ResetCandidate | undefined> {
      const row = await db
        .selectFrom('members')
        .select(['id', 'username', 'status', sql<string | null>`profile->>'email'`.as('email')])
        .where('merchant_code', '=', merchantCode)
        .where('username_normalized', '=', usernameNormalized)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        username: row.username,
        active: row.status === 'active',
        email: row.email,
      };
    },

    /**
     * Stores a new link's token hash for a member and kills the member's older links (only the
     * newest link works). Without a member it spends a comparable round trip and stores nothing,
     * so that a miss takes about as long as a match.
     */
    async storeToken(memberId: bigint | null, tokenHash: Buffer, expiresAt: Date): Promise<void> {
      const inTransaction = <T>(work: (trx: Db) => Promise<T>) =>
        db.isTransaction ? work(db) : db.transaction().execute(work);
      await inTransaction(async (trx) => {
        await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: sql<Date>`now()` })
          .where('member_id', '=', memberId ?? -1n)
          .where('used_at', 'is', null)
          .execute();
        if (memberId === null) return;
        await trx
          .insertInto('password_reset_tokens')
          .values({ member_id: memberId.toString(), token_hash: tokenHash, expires_at: expiresAt })
          .execute();
      });
    },

    /**
     * Spends the link whose token hashes to `tokenHash` and sets the member's new password hash,
     * in one transaction. Answers the member, or undefined when the link is unknown, used,
     * expired, of another merchant, or its member is disabled (nothing changes then).
     */
    spendTokenAndSetPassword(
      merchantCode: string,
      tokenHash: Buffer,
      passwordHash: string,
    ): Promise<bigint | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('password_reset_tokens as token')
          .innerJoin('members as member', 'member.id', 'token.member_id')
          .select(['token.id as id', 'token.member_id as member_id'])
          .where('token.token_hash', '=', tokenHash)
          .where('token.used_at', 'is', null)
          .where('token.expires_at', '>', sql<Date>`now()`)
          .where('member.merchant_code', '=', merchantCode)
          .where('member.status', '=', 'active')
          .forUpdate()
          .executeTakeFirst();
        if (!row) return undefined;
        await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: sql<Date>`now()` })
          .where('id', '=', row.id)
          .execute();
        // password_changed_at is read-only in the table type: set here by SQL, as members do.
        await sql`
          UPDATE members SET password_hash = ${passwordHash}, password_changed_at = now()
          WHERE id = ${row.member_id}
        `.execute(trx);
        return row.member_id;
      });
    },

    /** Removes links created more than `olderThanMs` ago (all long dead). */
    async prune(olderThanMs: number): Promise<void> {
      const age = `${olderThanMs} milliseconds`;
      await db
        .deleteFrom('password_reset_tokens')
        .where('created_at', '<', sql<Date>`now() - ${age}::interval`)
        .execute();
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
