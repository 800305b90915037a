import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAll, countWhere } from '../../db/sql-numbers.js';

export type LoginFailureScope = 'username' | 'ip';

export interface LoginFailureStats {
  scope: LoginFailureScope;
  periodCount: number;
  recentCount: number;
  newestAgeMs: number;
  oldestAgeMs: number;
}

export function createVerificationRepository(db: Db) {
  return {
    async insertCaptcha(captcha: {
      id: string;
      merchantCode: string;
      salt: Buffer;
      answerHash: Buffer;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('captchas')
        .values({
          id: captcha.id,
          merchant_code: captcha.merchantCode,
          answer_salt: captcha.salt,
          answer_hash: captcha.answerHash,
          expires_at: captcha.expiresAt,
        })
        .execute();
    },
    /**
     * Spends a live captcha of the merchant and answers its salt and hash; undefined when it is
     * unknown, already spent or expired. One check per captcha, right or wrong.
     */
    async spendCaptcha(merchantCode: string, id: string) {
      const row = await db
        .updateTable('captchas')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('merchant_code', '=', merchantCode)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['answer_salt', 'answer_hash'])
        .executeTakeFirst();
      return row ? { salt: row.answer_salt, answerHash: row.answer_hash } : undefined;
    },
    async insertSliderChallenge(challenge: {
      id: string;
      merchantCode: string;
      answerX: number;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('slider_challenges')
        .values({
          id: challenge.id,
          merchant_code: challenge.merchantCode,
          answer_x: challenge.answerX,
          expires_at: challenge.expiresAt,
        })
        .execute();
    },
    /**
     * Spends a live puzzle of the merchant and answers its gap's x; undefined when it is
     * unknown, already tried or expired. One try per puzzle, right or wrong.
     */
    async spendSliderChallenge(merchantCode: string, id: string): Promise<number | undefined> {
      const row = await db
        .updateTable('slider_challenges')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('merchant_code', '=', merchantCode)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('answer_x')
        .executeTakeFirst();
      return row?.answer_x;
    },
    async insertChallengeToken(token: {
      hash: Buffer;
      merchantCode: string;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('challenge_tokens')
        .values({
          token_hash: token.hash,
          merchant_code: token.merchantCode,
          expires_at: token.expiresAt,
        })
        .execute();
    },
    /** Spends a live challenge token of the merchant, once: true when this call spent it. */
    async spendChallengeToken(merchantCode: string, hash: Buffer): Promise<boolean> {
      const row = await db
        .updateTable('challenge_tokens')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', hash)
        .where('merchant_code', '=', merchantCode)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('merchant_code')
        .executeTakeFirst();
      return row !== undefined;
    },
    async recordLoginFailures(
      merchantCode: string,
      keys: readonly { scope: LoginFailureScope; key: string }[],
    ): Promise<void> {
      await db
        .insertInto('login_failures')
        .values(keys.map(({ scope, key }) => ({ merchant_code: merchantCode, scope, key })))
        .execute();
    },
    /** The larger of the failure counts of these keys within the window. */
    async countLoginFailures(
      merchantCode: string,
      keys: readonly { scope: LoginFailureScope; key: string }[],
      windowMs: number,
    ): Promise<number> {
      const rows = await db
        .selectFrom('login_failures')
        .select(['scope', 'key', countAll().as('count')])
        .where('merchant_code', '=', merchantCode)
        .where((eb) =>
          eb.or(
            keys.map(({ scope, key }) => eb.and([eb('scope', '=', scope), eb('key', '=', key)])),
          ),
        )
        .where('failed_at', '>', sql<Date>`now() - ${`${windowMs} milliseconds`}::interval`)
        .groupBy(['scope', 'key'])
        .execute();
      return Math.max(0, ...rows.map((row) => Number(row.count)));
    },
    /**
     * Per key, over the last `periodMs`: how many failures, how many of them within
     * `recentMs`, and how long ago (ms, by the database clock) the newest and oldest were.
     */
    async loginFailureStats(
      merchantCode: string,
      keys: readonly { scope: LoginFailureScope; key: string }[],
      recentMs: number,
      periodMs: number,
    ): Promise<LoginFailureStats[]> {
      const rows = await db
        .selectFrom('login_failures')
        .select([
          'scope',
          countAll().as('period_count'),
          countWhere(sql<boolean>`failed_at > now() - ${`${recentMs} milliseconds`}::interval`).as(
            'recent_count',
          ),
          // extract() answers numeric, which pg leaves a string; float8 arrives as a number.
          sql<number>`(extract(epoch FROM now() - max(failed_at)) * 1000)::float8`.as(
            'newest_age_ms',
          ),
          sql<number>`(extract(epoch FROM now() - min(failed_at)) * 1000)::float8`.as(
            'oldest_age_ms',
          ),
        ])
        .where('merchant_code', '=', merchantCode)
        .where((eb) =>
          eb.or(
            keys.map(({ scope, key }) => eb.and([eb('scope', '=', scope), eb('key', '=', key)])),
          ),
        )
        .where('failed_at', '>', sql<Date>`now() - ${`${periodMs} milliseconds`}::interval`)
        .groupBy(['scope', 'key'])
        .execute();
      return rows.map((row) => ({
        scope: row.scope,
        periodCount: row.period_count,
        recentCount: row.recent_count,
        newestAgeMs: row.newest_age_ms,
        oldestAgeMs: row.oldest_age_ms,
      }));
    },
    async clearLoginFailures(
      merchantCode: string,
      scope: LoginFailureScope,
      key: string,
    ): Promise<void> {
      await db
        .deleteFrom('login_failures')
        .where('merchant_code', '=', merchantCode)
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },
    /** Removes expired captchas, puzzles and challenge tokens, and failures older than the window. */
    async prune(failureWindowMs: number): Promise<void> {
      await db
        .deleteFrom('captchas')
        .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
        .execute();
      await db
        .deleteFrom('slider_challenges')
        .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
        .execute();
      await db
        .deleteFrom('challenge_tokens')
        .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
        .execute();
      await db
        .deleteFrom('login_failures')
        .where('failed_at', '<', sql<Date>`now() - ${`${failureWindowMs} milliseconds`}::interval`)
        .execute();
    },
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
