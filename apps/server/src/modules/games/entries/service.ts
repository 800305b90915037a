import type { Db } from '../../../db/database.js';
import { createGameEntriesRepository, type StoredGameEntry } from './repository.js';

export type GameEntry = StoredGameEntry;

/**
 * A game's entry is served from memory this long: an operator who disables a game (or its vendor
 * or provider) on another instance sees rounds refused within this time; on this instance at once,
 * by `forget`. Two seconds keep the catalogue off the bet path (one read per game per instance
 * every two seconds) while a disabled game stops promptly.
 */
export const GAME_ENTRY_CACHE_TTL_MS = 2_000;
/** Entries kept at most; past it the oldest goes first. */
export const GAME_ENTRY_CACHE_MAX_ENTRIES = 10_000;

/** The catalogue entries game engines read per round, from a bounded, short-lived cache. */
export interface GameEntries {
  /** The entry of a game (any merchant's), or undefined when no such game exists. */
  entry(nodeId: bigint): Promise<GameEntry | undefined>;
  /** The game's name in `language`, else in `fallback`, else null. */
  name(nodeId: bigint, language: string, fallback: string): Promise<string | null>;
  /** Drops one game's entry (after a change to it), or every entry when none is named. */
  forget(nodeId?: bigint): void;
}

export function createGameEntries(
  db: Db,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): GameEntries {
  const repository = createGameEntriesRepository(db);
  const ttlMs = options.ttlMs ?? GAME_ENTRY_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? GAME_ENTRY_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expiresAtMs: number; value: Promise<GameEntry | undefined> }>();

  function entry(nodeId: bigint): Promise<GameEntry | undefined> {
    const key = nodeId.toString();
    const hit = entries.get(key);
    if (hit && hit.expiresAtMs > now()) return hit.value;
    entries.delete(key);
    // One read for all who ask at once; a failed read is not kept.
    const value = repository.gameEntry(nodeId);
    entries.set(key, { expiresAtMs: now() + ttlMs, value });
    value.catch(() => entries.delete(key));
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return value;
  }

  return {
    entry,
    async name(nodeId, language, fallback) {
      const names = (await entry(nodeId))?.names ?? {};
      const pick = (code: string) => names[code];
      return pick(language) ?? pick(fallback) ?? null;
    },
    forget(nodeId) {
      if (nodeId === undefined) entries.clear();
      else entries.delete(nodeId.toString());
    },
  };
}
