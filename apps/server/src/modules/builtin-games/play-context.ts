import { BUILTIN_VASSALAGE } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { LedgerService } from '../ledger/index.js';
import { houseAccountCode } from '../providers/index.js';
import type { BuiltinGameSession, BuiltinGamesRepository, SeedPair } from './repository.js';
import { hashGameSession } from './round-helpers.js';

/**
 * What every round needs and rarely changes, from memory: the game session, the member's ledger
 * accounts and whether the member's seed pairs exist. The merchant's limits come with the
 * request's merchant (the system module's cache) and the catalogue entry from the games module's
 * cache; the nonce and the seeds themselves are read under the round's lock, never from here.
 */

/** A game session is read again after this long (it changes only by its `last_used_at`). */
export const BUILTIN_SESSION_CACHE_TTL_MS = 30_000;
/** Sessions kept in memory at most; past it the oldest goes first. */
export const BUILTIN_SESSION_CACHE_MAX_ENTRIES = 10_000;
/** Members whose ledger account ids are kept (ids never change once made); cleared when full. */
export const BUILTIN_ACCOUNT_CACHE_MAX_ENTRIES = 10_000;
/** Members known to have their seed pairs (pairs are never deleted); cleared when full. */
export const BUILTIN_SEEDED_MEMBERS_MAX = 100_000;

/**
 * Members whose active seed pair (and next nonce) is remembered; cleared when full. The pair is
 * only a guess: the instant round's statement checks it under the pair's lock and answers the
 * current one when another instance played or rotated since.
 */
export const BUILTIN_PAIR_CACHE_MAX_ENTRIES = 10_000;

/** A game session idle this long is over (the seamless wallet's own idle limit is the same). */
export const BUILTIN_SESSION_IDLE_MS = 30 * 60_000;
/** `last_used_at` is written at most this often. */
export const BUILTIN_SESSION_TOUCH_INTERVAL_MS = 60_000;

export interface RoundAccounts {
  memberAccountId: bigint;
  houseAccountId: bigint;
}

/** A map that forgets entries after `ttlMs` and keeps at most `maxEntries` (oldest go first). */
export function createBoundedCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now: () => number;
}) {
  const entries = new Map<string, { value: V; expiresAtMs: number }>();
  return {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAtMs > options.now()) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      entries.set(key, { value, expiresAtMs: options.now() + options.ttlMs });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    delete(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
  };
}

export function createPlayContext(deps: {
  repository: BuiltinGamesRepository;
  ledger: LedgerService;
  ensureSeeds: (memberId: bigint) => Promise<unknown>;
  now: () => number;
}) {
  const { repository, ledger, now } = deps;
  const sessions = createBoundedCache<BuiltinGameSession>({
    ttlMs: BUILTIN_SESSION_CACHE_TTL_MS,
    maxEntries: BUILTIN_SESSION_CACHE_MAX_ENTRIES,
    now,
  });
  const accounts = new Map<string, RoundAccounts>();
  const seeded = new Set<string>();
  const pairs = new Map<string, SeedPair>();

  const idle = (session: BuiltinGameSession) =>
    now() - session.lastUsedAt.getTime() > BUILTIN_SESSION_IDLE_MS;

  async function load(tokenHash: string) {
    const session = await repository.findSession(tokenHash);
    if (session) sessions.set(tokenHash, session);
    return session;
  }

  return {
    /** The live game session of a token, touched at most once a minute; else BUILTIN_SESSION_INVALID. */
    async session(token: string, merchantCode: string): Promise<BuiltinGameSession> {
      const tokenHash = hashGameSession(token);
      let session = sessions.get(tokenHash) ?? (await load(tokenHash));
      // Idle as remembered: another instance may have used it since, so the row decides.
      if (session && idle(session)) session = await load(tokenHash);
      if (!session || session.merchantCode !== merchantCode || idle(session)) {
        throw new AppError('BUILTIN_SESSION_INVALID');
      }
      if (now() - session.lastUsedAt.getTime() >= BUILTIN_SESSION_TOUCH_INTERVAL_MS) {
        const usedAt = new Date(now());
        await repository.touchSession(
          tokenHash,
          usedAt,
          new Date(usedAt.getTime() - BUILTIN_SESSION_TOUCH_INTERVAL_MS),
        );
        session = { ...session, lastUsedAt: usedAt };
        sessions.set(tokenHash, session);
      }
      return session;
    },

    /** A session just made (open): remembered so that the first round reads nothing. */
    remember(session: BuiltinGameSession): void {
      sessions.set(session.tokenHash, session);
    },

    /** The member's cash account and the built-in house account (sharded by member). */
    async accounts(session: BuiltinGameSession): Promise<RoundAccounts> {
      const key = `${session.merchantCode}:${session.memberId}:${session.currency}`;
      const known = accounts.get(key);
      if (known) return known;
      const { merchantCode, memberId, currency } = session;
      const [memberAccountId, houseAccountId] = await Promise.all([
        ledger.memberAccount({ merchantCode, memberId, asset: 'cash', currency }),
        ledger.systemAccount({
          merchantCode,
          code: houseAccountCode(BUILTIN_VASSALAGE),
          asset: 'cash',
          currency,
          shardKey: memberId.toString(),
        }),
      ]);
      if (accounts.size >= BUILTIN_ACCOUNT_CACHE_MAX_ENTRIES) accounts.clear();
      const made = { memberAccountId, houseAccountId };
      accounts.set(key, made);
      return made;
    },

    /** The member's active pair and next nonce as last seen, if remembered. */
    pairOf(memberId: bigint): SeedPair | undefined {
      return pairs.get(memberId.toString());
    },

    /** Remembers the member's active pair and its next nonce. */
    rememberPair(memberId: bigint, pair: SeedPair): void {
      if (pairs.size >= BUILTIN_PAIR_CACHE_MAX_ENTRIES) pairs.clear();
      pairs.set(memberId.toString(), pair);
    },

    /** Forgets the member's pair (rotated, or moved on by a round of another path). */
    forgetPair(memberId: bigint): void {
      pairs.delete(memberId.toString());
    },

    /** Makes the member's seed pairs once per process (a round locks the active one). */
    async ensureSeeds(memberId: bigint): Promise<void> {
      const key = memberId.toString();
      if (seeded.has(key)) return;
      await deps.ensureSeeds(memberId);
      if (seeded.size >= BUILTIN_SEEDED_MEMBERS_MAX) seeded.clear();
      seeded.add(key);
    },
  };
}

export type PlayContext = ReturnType<typeof createPlayContext>;
