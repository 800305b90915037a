import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { createRememberRepository } from './remember/repository.js';
import { SESSIONS_CHANGED_CHANNEL } from './session-cache.js';

export interface ActiveSession {
  id: bigint;
  memberId: bigint;
  merchantCode: string;
  lastSeenAt: Date;
  /** The member's account type (4: trial), kept on the session so guards need no query. */
  memberType: number;
  absoluteExpiresAt: Date;
}

/** A session as the console's logins list shows it: every session is a successful login. */
export interface LoginRecord {
  id: bigint;
  createdAt: Date;
  ip: string | null;
  userAgent: string | null;
  revokedAt: Date | null;
}

export type LoginFailureReason = 'wrong-password' | 'account-locked' | 'throttled' | 'captcha';

/** A failed login as the console's logins list shows it. */
export interface LoginFailureRecord {
  id: bigint;
  failedAt: Date;
  ip: string | null;
  userAgent: string | null;
  reason: LoginFailureReason;
}

/** A session still signed in, as the member's security centre lists it. */
export interface ActiveLogin {
  id: bigint;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export function createSessionRepository(db: Db) {
  return {
    remember: createRememberRepository(db),
    /** The same repository on the caller's transaction. */
    within: (executor: Db) => createSessionRepository(executor),

    /** A member's sessions, newest first, after `afterId`. */
    async logins(
      memberId: bigint,
      afterId: bigint | undefined,
      limit: number,
    ): Promise<LoginRecord[]> {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'ip', 'user_agent', 'revoked_at'])
        .where('member_id', '=', memberId)
        .$if(afterId !== undefined, (query) => query.where('id', '<', afterId as bigint))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: BigInt(row.id),
        createdAt: row.created_at,
        ip: row.ip,
        userAgent: row.user_agent,
        revokedAt: row.revoked_at,
      }));
    },

    async insertLoginFailure(input: {
      merchantCode: string;
      username: string;
      ip: string | null;
      userAgent: string | null;
      reason: LoginFailureReason;
    }): Promise<void> {
      await db
        .insertInto('member_login_failures')
        .values({
          merchant_code: input.merchantCode,
          username: input.username,
          ip: input.ip,
          user_agent: input.userAgent,
          reason: input.reason,
        })
        .execute();
    },

    /** The failed logins typed with this account's username, newest first, after `afterId`. */
    async loginFailures(
      merchantCode: string,
      username: string,
      afterId: bigint | undefined,
      limit: number,
    ): Promise<LoginFailureRecord[]> {
      const rows = await db
        .selectFrom('member_login_failures')
        .select(['id', 'failed_at', 'ip', 'user_agent', 'reason'])
        .where('merchant_code', '=', merchantCode)
        .where('username', '=', username)
        .$if(afterId !== undefined, (query) => query.where('id', '<', afterId as bigint))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: BigInt(row.id),
        failedAt: row.failed_at,
        ip: row.ip,
        userAgent: row.user_agent,
        reason: row.reason,
      }));
    },

    /** Forgets failed logins older than `before`: the history is kept for a bounded period. */
    async pruneLoginFailures(before: Date): Promise<void> {
      await db.deleteFrom('member_login_failures').where('failed_at', '<', before).execute();
    },

    /**
     * Members of the merchant whose latest session came from `ip`: the sessions from that
     * address (indexed), kept when no later session of the same member exists.
     */
    async memberIdsByLastLoginIp(
      merchantCode: string,
      ip: string,
      limit: number,
    ): Promise<bigint[]> {
      const rows = await db
        .selectFrom('sessions as s')
        .select('s.member_id')
        .distinct()
        .where('s.merchant_code', '=', merchantCode)
        .where('s.ip', '=', ip)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('sessions as later')
                .select('later.id')
                .whereRef('later.member_id', '=', 's.member_id')
                .whereRef('later.created_at', '>', 's.created_at'),
            ),
          ),
        )
        .limit(limit)
        .execute();
      return rows.map((row) => BigInt(row.member_id));
    },
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
          member_id: session.memberId,
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
        .select([
          'id',
          'member_id',
          'member_type',
          'merchant_code',
          'last_seen_at',
          'absolute_expires_at',
        ])
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
        absoluteExpiresAt: row.absolute_expires_at,
      };
    },

    /** Runs `work` in one transaction (bind a repository to it with `within`). */
    inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(trx));
    },

    /**
     * Tells every instance that sessions changed (SESSIONS_CHANGED_CHANNEL). In a transaction,
     * PostgreSQL delivers it only if and when the transaction commits.
     */
    async notifySessionsChanged(payload: string): Promise<void> {
      await sql`SELECT pg_notify(${SESSIONS_CHANGED_CHANNEL}, ${payload})`.execute(db);
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
    /** The member's sessions still signed in (not revoked, not expired, not idle too long). */
    async activeOfMember(memberId: bigint, idleTimeoutMs: number): Promise<ActiveLogin[]> {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .where('absolute_expires_at', '>', sql<Date>`now()`)
        .where('last_seen_at', '>', sql<Date>`now() - ${`${idleTimeoutMs} milliseconds`}::interval`)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: BigInt(row.id),
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        ip: row.ip,
        userAgent: row.user_agent,
      }));
    },

    /** Ends the member's sessions named (or all but `keepId`); answers how many ended. */
    async revokeOfMember(
      memberId: bigint,
      target: { onlyId: bigint } | { exceptId: bigint },
    ): Promise<number> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .$if('onlyId' in target, (query) =>
          query.where('id', '=', (target as { onlyId: bigint }).onlyId),
        )
        .$if('exceptId' in target, (query) =>
          query.where('id', '<>', (target as { exceptId: bigint }).exceptId),
        )
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
