import { sql } from 'kysely';
import type { RateLimitHit, RateLimitStore } from '../http/rate-limit.js';
import type { Db } from './database.js';

/** Buckets older than this are deleted by `pruneRateLimitBuckets`; no rule has a longer window. */
export const RATE_LIMIT_BUCKET_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * A fixed window per bucket, counted in one statement so that concurrent hits from several
 * instances never lose a count.
 */
export function createPostgresRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(bucket, windowMs): Promise<RateLimitHit> {
      const window = `${Math.round(windowMs)} milliseconds`;
      const result = await sql<{ hits: number; window_started_at: Date }>`
        INSERT INTO rate_limit_buckets (bucket, window_started_at, hits)
        VALUES (${bucket}, now(), 1)
        ON CONFLICT (bucket) DO UPDATE SET
          hits = CASE WHEN rate_limit_buckets.window_started_at <= now() - ${window}::interval
                      THEN 1 ELSE rate_limit_buckets.hits + 1 END,
          window_started_at = CASE WHEN rate_limit_buckets.window_started_at <= now() - ${window}::interval
                      THEN now() ELSE rate_limit_buckets.window_started_at END
        RETURNING hits, window_started_at
      `.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('rate limit upsert returned no row');
      return { hits: row.hits, windowStartedAtMs: row.window_started_at.getTime() };
    },
  };
}

export async function pruneRateLimitBuckets(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_buckets')
    .where('window_started_at', '<', new Date(Date.now() - RATE_LIMIT_BUCKET_RETENTION_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
