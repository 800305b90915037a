/**
 * Operator login lockout, per account name and counted in PostgreSQL so that it holds across
 * instances and addresses. Every attempt counts as a failure until its password is found right
 * (then the count resets), so that attempts sent at once cannot slip past the lock.
 */

/** Failed attempts an account name may have before it is locked. */
export const OPERATOR_LOGIN_FAILURES_BEFORE_LOCK = 5;
/** The first lock; each further failure doubles it. */
export const OPERATOR_LOGIN_LOCK_BASE_MS = 60 * 1000;
/** The longest lock: an attacker can keep an operator out, but never for more than this. */
export const OPERATOR_LOGIN_LOCK_MAX_MS = 60 * 60 * 1000;
/** A count whose last attempt is older than this starts again from zero. */
export const OPERATOR_LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;
/** From this many failures on, each failure is logged at error level as an alert. */
export const OPERATOR_LOGIN_ALERT_FAILURES = OPERATOR_LOGIN_FAILURES_BEFORE_LOCK;

/** How long the account is locked after its `failures`-th failed attempt (0: not locked). */
export function operatorLockMsAfter(failures: number): number {
  if (failures < OPERATOR_LOGIN_FAILURES_BEFORE_LOCK) return 0;
  const doublings = Math.min(failures - OPERATOR_LOGIN_FAILURES_BEFORE_LOCK, 32);
  return Math.min(OPERATOR_LOGIN_LOCK_BASE_MS * 2 ** doublings, OPERATOR_LOGIN_LOCK_MAX_MS);
}

/** The key of an account name in the lockout: the same form as the operator lookup uses. */
export function operatorUsernameKey(username: string): string {
  return username.toLowerCase();
}
