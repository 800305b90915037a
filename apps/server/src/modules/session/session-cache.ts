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

export interface SessionCache {
  /** Whether anything is ever kept (a time to live above 0): only then is a listener needed. */
  readonly keeps: boolean;
  /** The session of a token hash (hex), while it is fresh; undefined otherwise. */
  get(tokenKey: string): CachedSession | undefined;
  /** Taken before reading a session from the database, and handed to `put` with it. */
  stamp(): number;
  /**
   * Keeps a session read from the database, unless a change was heard since `stamp` (the read
   * may predate that revocation) or the cache is not listening for changes.
   */
  put(tokenKey: string, session: CachedSession, stamp: number): void;
  /**
   * Whether changes are being heard (LISTEN in place). Only then is anything kept or answered:
   * a revocation this instance cannot hear must not leave a session alive here.
   */
  setListening(listening: boolean): void;
  isListening(): boolean;
  /** Drops the sessions a SESSIONS_CHANGED_CHANNEL payload names. */
  forget(payload: string): void;
  clear(): void;
}

export function memberSessionsPayload(memberId: bigint): string {
  return `m:${memberId}`;
}

export function oneSessionPayload(sessionId: bigint): string {
  return `s:${sessionId}`;
}

/** A session cache; a time to live of 0 or less keeps nothing (tests see every change). */
export function createSessionCache(
  ttlMs: number,
  clock: () => number = Date.now,
  maxEntries = SESSION_CACHE_MAX_ENTRIES,
): SessionCache {
  const entries = new Map<string, { session: CachedSession; freshUntilMs: number }>();
  let listening = false;
  // Counts the changes heard: a read that started before one of them is not kept.
  let changes = 0;
  const dropWhere = (matches: (session: CachedSession) => boolean) => {
    changes += 1;
    for (const [key, entry] of entries) if (matches(entry.session)) entries.delete(key);
  };
  const clear = () => {
    changes += 1;
    entries.clear();
  };
  return {
    keeps: ttlMs > 0,
    get(tokenKey) {
      if (!listening) return undefined;
      const entry = entries.get(tokenKey);
      if (!entry) return undefined;
      if (entry.freshUntilMs > clock()) return entry.session;
      entries.delete(tokenKey);
      return undefined;
    },
    stamp: () => changes,
    put(tokenKey, session, stamp) {
      if (ttlMs <= 0 || !listening || stamp !== changes) return;
      // Never past the session's own end: an expired session must not be answered from memory.
      const freshUntilMs = Math.min(clock() + ttlMs, session.absoluteExpiresAt.getTime());
      entries.delete(tokenKey);
      entries.set(tokenKey, { session, freshUntilMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    isListening: () => listening,
    setListening(next) {
      listening = next;
      clear();
    },
    forget(payload) {
      const [kind, id] = payload.split(':');
      if (!id || !/^\d+$/.test(id)) return clear();
      const target = BigInt(id);
      if (kind === 'm') dropWhere((session) => session.memberId === target);
      else if (kind === 's') dropWhere((session) => session.id === target);
      else clear();
    },
    clear,
  };
}
