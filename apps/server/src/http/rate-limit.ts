import { AppError } from './app-error.js';

/** A named limit: at most `limit` hits per `windowMs` for one key. */
export interface RateLimitRule {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
}

export interface RateLimitHit {
  hits: number;
  windowStartedAtMs: number;
}

/** Where hits are counted: PostgreSQL in the server, so that the limit holds across instances. */
export interface RateLimitStore {
  hit(bucket: string, windowMs: number): Promise<RateLimitHit>;
}

/** Keys are cut to this length so that a caller cannot grow the table with long usernames. */
export const RATE_LIMIT_KEY_MAX_LENGTH = 200;

export type RateLimiter = (rule: RateLimitRule, key: string) => Promise<void>;

export function createRateLimiter(
  store: RateLimitStore,
  now: () => number = Date.now,
): RateLimiter {
  return async (rule, key) => {
    const bucket = `${rule.name}:${key.slice(0, RATE_LIMIT_KEY_MAX_LENGTH)}`;
    const { hits, windowStartedAtMs } = await store.hit(bucket, rule.windowMs);
    if (hits > rule.limit) {
      const retryAfterMs = Math.max(0, windowStartedAtMs + rule.windowMs - now());
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });
    }
  };
}
