import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { createRememberRepository } from './remember/repository.js';

export interface ActiveSession {
  id: bigint;
  memberId: bigint;
  merchantCode: string;
  lastSeenAt: Date;
  /** The member's account type (4: trial), kept on the session so guards need no query. */
  memberType: number;
}

export function createSessionRepository(db: Db) {
  return {
    remember: createRememberRepository(db),
    async insert(session: {
      merchantCode: string;
      memberId: bigint;
      memberType: number;
      tokenHash: Buffer;
      absoluteExpiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          merchant_code: session.merchantCode,
          member_id: session.memberId.toString(),
          member_type: session.memberType,
          token_hash: session.tokenHash,
          absolute_expires_at: session.absoluteExpiresAt,
          ip: session.ip,
          user_agent: session.userAgent,
        })
        .execute();
    },

    /** A session that is neither revoked, past its absolute expiry, nor idle for too long. */
    async findActive(tokenHash: Buffer, idleTimeoutMs: number): Promise<ActiveSession | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'member_id', 'member_type', 'merchant_code', 'last_seen_at'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('absolute_expires_at', '>', sql<Date>`now()`)
        .where('last_seen_at', '>', sql<Date>`now() - ${`${idleTimeoutMs} milliseconds`}::interval`)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        memberId: row.member_id,
        merchantCode: row.merchant_code,
        lastSeenAt: row.last_seen_at,
        memberType: row.member_type,
      };
    },

    async touch(id: bigint): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Ends every live session of a member; answers how many. */
    async revokeAllOfMember(memberId: bigint): Promise<number> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async revoke(id: bigint): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
