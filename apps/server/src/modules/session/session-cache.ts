import {
  createNotifiedCache,
  type NotifiedCache,
  type NotifiedTarget,
} from '../../db/notified-cache.js';

/**
 * How long the running server (main.ts) answers a session from memory before asking PostgreSQL
 * again. Revocations reach every instance at once through SESSIONS_CHANGED_CHANNEL; this bound
 * only limits how late a change made outside the session module (SQL by hand) is seen.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
/** Sessions kept at once; beyond it the oldest goes first (a miss only costs one query). */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;
/**
 * NOTIFY channel of session changes. The payload is `m:<memberId>` (every session of a member)
 * or `s:<sessionId>` (one session).
 */
export const SESSIONS_CHANGED_CHANNEL = 'sessions_changed';

/** A live session as authentication needs it (the repository's ActiveSession). */
export interface CachedSession {
  id: bigint;
  memberId: bigint;
  merchantCode: string;
  lastSeenAt: Date;
  memberType: number;
  absoluteExpiresAt: Date;
}

/**
 * The notified cache of sessions by token hash (hex): `put` never keeps one past the session's
 * own absolute expiry, and a payload drops every session of a member or one session.
 */
export type SessionCache = NotifiedCache<CachedSession>;

export function memberSessionsPayload(memberId: bigint): string {
  return `m:${memberId}`;
}

export function oneSessionPayload(sessionId: bigint): string {
  return `s:${sessionId}`;
}

function sessionsNamedBy(payload: string): NotifiedTarget<CachedSession> {
  const [kind, id] = payload.split(':');
  if (!id || !/^\d+$/.test(id)) return null;
  const target = BigInt(id);
  if (kind === 'm') return { matches: (session) => session.memberId === target };
  if (kind === 's') return { matches: (session) => session.id === target };
  return null;
}

/** A session cache; a time to live of 0 or less keeps nothing (tests see every change). */
export function createSessionCache(
  ttlMs: number,
  clock: () => number = Date.now,
  maxEntries = SESSION_CACHE_MAX_ENTRIES,
): SessionCache {
  const cache = createNotifiedCache<CachedSession>({
    ttlMs,
    maxEntries,
    namedBy: sessionsNamedBy,
    clock,
  });
  return {
    ...cache,
    // Never past the session's own end: an expired session must not be answered from memory.
    put: (tokenKey, session, stamp) =>
      cache.put(tokenKey, session, stamp, session.absoluteExpiresAt.getTime()),
  };
}
