import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { OPERATOR_LOGIN_FAILURE_MEMORY_MS, operatorLockMsAfter } from '../login-lockout.js';

/** An attempt either refused because the account is locked, or let through as failure n. */
export type LoginAttempt =
  | { kind: 'locked'; retryAfterMs: number }
  | { kind: 'admitted'; failures: number };

/** Failed operator logins per account name (table operator_login_failures). */
export function createLoginFailureRepository(db: Db) {
  return {
    /**
     * Counts an attempt on `username` before its password is checked, in one short
     * transaction that locks the row: concurrent attempts are counted one after another.
     */
    async admit(merchantCode: string, username: string): Promise<LoginAttempt> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('operator_login_failures')
          .values({ merchant_code: merchantCode, username })
          .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
          .execute();
        const row = await sql<{
          failures: number;
          stale: boolean;
          locked_ms: string | null;
        }>`
          SELECT failures,
                 last_attempt_at <= now() - ${`${OPERATOR_LOGIN_FAILURE_MEMORY_MS} milliseconds`}::interval AS stale,
                 CASE WHEN locked_until > now()
                      THEN ceil(extract(epoch FROM locked_until - now()) * 1000)::bigint::text
                 END AS locked_ms
          FROM operator_login_failures
          WHERE merchant_code = ${merchantCode} AND username = ${username}
          FOR UPDATE
        `.execute(trx);
        const current = row.rows[0];
        if (!current) throw new Error('operator login failure row missing after upsert');
        if (current.locked_ms !== null) {
          return { kind: 'locked', retryAfterMs: Number(current.locked_ms) };
        }
        const failures = current.stale ? 1 : current.failures + 1;
        const lockMs = operatorLockMsAfter(failures);
        await sql`
          UPDATE operator_login_failures
          SET failures = ${failures},
              last_attempt_at = now(),
              locked_until = CASE WHEN ${lockMs}::bigint > 0
                                  THEN now() + ${`${lockMs} milliseconds`}::interval END
          WHERE merchant_code = ${merchantCode} AND username = ${username}
        `.execute(trx);
        return { kind: 'admitted', failures };
      });
    },

    /** Deletes counts that no longer matter: last attempt past the memory, lock run out. */
    async prune(): Promise<void> {
      await sql`
        DELETE FROM operator_login_failures
        WHERE last_attempt_at < now() - ${`${OPERATOR_LOGIN_FAILURE_MEMORY_MS} milliseconds`}::interval
          AND (locked_until IS NULL OR locked_until < now())
      `.execute(db);
    },

    /** The right password was given: the account name starts again from no failures. */
    async clear(merchantCode: string, username: string): Promise<void> {
      await db
        .deleteFrom('operator_login_failures')
        .where('merchant_code', '=', merchantCode)
        .where('username', '=', username)
        .execute();
    },
  };
}

export type LoginFailureRepository = ReturnType<typeof createLoginFailureRepository>;
