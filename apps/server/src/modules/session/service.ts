import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { createRememberService } from './remember/service.js';
import type {
  ActiveLogin,
  LoginFailureReason,
  LoginFailureRecord,
  LoginRecord,
  SessionRepository,
} from './repository.js';
import {
  createSessionCache,
  memberSessionsPayload,
  oneSessionPayload,
  type SessionCache,
} from './session-cache.js';
import { generateSessionToken, hashSessionToken, SESSION_TOKEN_PATTERN } from './token.js';

/** A session ends after this long without a call... */
export const SESSION_IDLE_TIMEOUT_MS = 60 * 60 * 1000;
/** ...and after this long in any case. */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, not on every call. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
export const USER_AGENT_MAX_LENGTH = 512;
/**
 * Failed logins stay listed for an operator this long: enough to look into a complaint or an
 * account takeover, without keeping every guessed username for ever.
 */
export const LOGIN_FAILURE_RETENTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A typed username longer than this is cut: no account name is this long. */
const USERNAME_KEY_MAX_LENGTH = 200;

export interface AuthContext {
  sessionId: bigint;
  memberId: bigint;
  /** The member's account type: 4 is a trial account (SPEC §6). */
  memberType: number;
}

export function createSessionService(
  repository: SessionRepository,
  now: () => number = Date.now,
  /** Sessions answered from memory (main.ts); none by default, so tests see every change. */
  cache: SessionCache = createSessionCache(0),
) {
  /** Revokes in one transaction with the NOTIFY that drops the sessions on every instance. */
  async function revokeAndTell<T>(
    payload: string,
    revoke: (within: SessionRepository) => Promise<T>,
  ): Promise<T> {
    const result = await repository.inTransaction(async (trx) => {
      const within = repository.within(trx);
      const outcome = await revoke(within);
      await within.notifySessionsChanged(payload);
      return outcome;
    });
    // This instance at once, without waiting for its own notification to come back.
    cache.forget(payload);
    return result;
  }

  async function activeSession(token: string) {
    const tokenHash = hashSessionToken(token);
    const key = tokenHash.toString('hex');
    const cached = cache.get(key);
    if (cached && now() - cached.lastSeenAt.getTime() <= SESSION_IDLE_TIMEOUT_MS) return cached;
    const stamp = cache.stamp();
    const session = await repository.findActive(tokenHash, SESSION_IDLE_TIMEOUT_MS);
    if (session) cache.put(key, session, stamp);
    return session;
  }

  return {
    /** The cache of sessions, for the listener that drops revoked ones (app.ts). */
    cache,
    /** Remember-me tokens (one-click login within 24 hours). */
    remember: createRememberService(repository.remember, now),
    async issue(input: {
      merchantCode: string;
      memberId: bigint;
      /** The member's account type, kept with the session for the guards. */
      memberType: number;
      ip: string | null;
      userAgent: string | undefined;
    }): Promise<string> {
      const token = generateSessionToken();
      await repository.insert({
        merchantCode: input.merchantCode,
        memberId: input.memberId,
        memberType: input.memberType,
        tokenHash: hashSessionToken(token),
        absoluteExpiresAt: new Date(now() + SESSION_ABSOLUTE_TIMEOUT_MS),
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      });
      return token;
    },

    /** The session behind a token, for the merchant of the request; a token of another merchant is no token. */
    async authenticate(token: string | undefined, merchantCode: string): Promise<AuthContext> {
      if (!token) throw new AppError('SESSION_REQUIRED');
      if (!SESSION_TOKEN_PATTERN.test(token)) throw new AppError('SESSION_EXPIRED');
      const session = await activeSession(token);
      if (!session || session.merchantCode !== merchantCode) throw new AppError('SESSION_EXPIRED');
      if (now() - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
        await repository.touch(session.id);
        // The cached copy is shared by later calls: they must not touch again for a minute.
        session.lastSeenAt = new Date(now());
      }
      return { sessionId: session.id, memberId: session.memberId, memberType: session.memberType };
    },

    /** Housekeeping: remember-me tokens a day past their expiry, and old failed logins. */
    async pruneRemembered(): Promise<void> {
      await repository.remember.prune();
      await repository.pruneLoginFailures(new Date(now() - LOGIN_FAILURE_RETENTION_DAYS * DAY_MS));
    },
    /** Keeps a failed login for the console's Logins tab. */
    recordLoginFailure(input: {
      merchantCode: string;
      username: string;
      ip: string | null;
      userAgent: string | undefined;
      reason: LoginFailureReason;
    }): Promise<void> {
      return repository.insertLoginFailure({
        ...input,
        username: input.username.slice(0, USERNAME_KEY_MAX_LENGTH),
        userAgent: input.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      });
    },
    /** The failed logins typed with a username, newest first, keyset paged by id. */
    loginFailures(
      merchantCode: string,
      username: string,
      afterId: bigint | undefined,
      limit: number,
    ): Promise<LoginFailureRecord[]> {
      return repository.loginFailures(merchantCode, username, afterId, limit);
    },
    async revoke(sessionId: bigint): Promise<void> {
      await revokeAndTell(oneSessionPayload(sessionId), (within) => within.revoke(sessionId));
    },
    /**
     * After a password change or reset: no session of the member, this one included, goes on,
     * and no remember-me cookie logs in any more.
     */
    async revokeAllOfMember(memberId: bigint): Promise<number> {
      return revokeAndTell(memberSessionsPayload(memberId), async (within) => {
        await within.remember.revokeAllOfMember(memberId);
        return within.revokeAllOfMember(memberId);
      });
    },
    /**
     * The same in the caller's transaction (a member locked by an operator, with its audit
     * entry): the NOTIFY goes out when that transaction commits.
     */
    async revokeAllOfMemberWithin(executor: Db, memberId: bigint): Promise<number> {
      const within = repository.within(executor);
      await within.remember.revokeAllOfMember(memberId);
      const revoked = await within.revokeAllOfMember(memberId);
      const payload = memberSessionsPayload(memberId);
      await within.notifySessionsChanged(payload);
      cache.forget(payload);
      return revoked;
    },
    /** A member's logins (sessions), newest first, keyset paged by id. */
    logins(memberId: bigint, afterId: bigint | undefined, limit: number): Promise<LoginRecord[]> {
      return repository.logins(memberId, afterId, limit);
    },
    /** The member's sessions still signed in, newest first (security centre). */
    activeOfMember(memberId: bigint): Promise<ActiveLogin[]> {
      return repository.activeOfMember(memberId, SESSION_IDLE_TIMEOUT_MS);
    },
    /** Signs out one of the member's sessions; another member's session id ends nothing. */
    revokeOneOfMember(memberId: bigint, sessionId: bigint): Promise<number> {
      return revokeAndTell(memberSessionsPayload(memberId), (within) =>
        within.revokeOfMember(memberId, { onlyId: sessionId }),
      );
    },
    /** Signs out every session of the member but `keepSessionId` ("everywhere else"). */
    revokeOthersOfMember(memberId: bigint, keepSessionId: bigint): Promise<number> {
      return revokeAndTell(memberSessionsPayload(memberId), (within) =>
        within.revokeOfMember(memberId, { exceptId: keepSessionId }),
      );
    },
    /** Members whose last login came from `ip`, at most `limit` of them. */
    memberIdsByLastLoginIp(merchantCode: string, ip: string, limit: number): Promise<bigint[]> {
      return repository.memberIdsByLastLoginIp(merchantCode, ip, limit);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
