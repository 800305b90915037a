import type { LoginFailureScope, LoginFailureStats } from './repository.js';

/** After this many recent failures for an account or from an address, logins must wait... */
export const LOGIN_FAILURES_BEFORE_DELAY = 5;
/** ...2^(failures - LOGIN_FAILURES_BEFORE_DELAY) seconds after the last failure, at most this. */
export const LOGIN_DELAY_MAX_SECONDS = 60;
/** The hard cap: failures per account in an hour, after which logins wait out the hour... */
export const LOGIN_FAILURES_PER_HOUR_PER_ACCOUNT = 20;
/** ...and per address (higher: one address can be a whole office or mobile carrier). */
export const LOGIN_FAILURES_PER_HOUR_PER_ADDRESS = 60;
export const LOGIN_CAP_PERIOD_MS = 60 * 60 * 1000;

const capOf: Record<LoginFailureScope, number> = {
  username: LOGIN_FAILURES_PER_HOUR_PER_ACCOUNT,
  ip: LOGIN_FAILURES_PER_HOUR_PER_ADDRESS,
};

/** The growing delay after `recentFailures` failures, in seconds (0: none yet). */
export function loginDelaySeconds(recentFailures: number): number {
  if (recentFailures < LOGIN_FAILURES_BEFORE_DELAY) return 0;
  return Math.min(2 ** (recentFailures - LOGIN_FAILURES_BEFORE_DELAY), LOGIN_DELAY_MAX_SECONDS);
}

/**
 * How many seconds a login must still wait, given the failures of its account and of its
 * address; 0 when it may go ahead. The caller answers LOGIN_THROTTLED instead of sleeping,
 * so a throttled attempt costs the server one query and no password hash.
 */
export function loginWaitSeconds(stats: readonly LoginFailureStats[]): number {
  let waitMs = 0;
  for (const key of stats) {
    if (key.periodCount >= capOf[key.scope]) {
      waitMs = Math.max(waitMs, LOGIN_CAP_PERIOD_MS - key.oldestAgeMs);
    }
    const delayMs = loginDelaySeconds(key.recentCount) * 1000;
    waitMs = Math.max(waitMs, delayMs - key.newestAgeMs);
  }
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}
