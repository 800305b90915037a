/**
 * A short-lived cache of catalogue answers that are the same for every visitor of a merchant
 * (game lists, menus). The catalogue changes when an operator edits it, rarely; the lobby asks
 * for the same pages all the time. An edit shows after at most the time to live.
 */

/** How long a cached answer is served in the running server (main.ts). */
export const CATALOGUE_CACHE_TTL_MS = 5_000;
/** The most answers kept; the oldest goes first beyond it. */
export const CATALOGUE_CACHE_MAX_ENTRIES = 2_000;

export interface ListCache {
  /** The cached answer of `key`, or the answer of `load` (cached, also while in flight). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops every answer (after an operator's change to the catalogue). */
  clear(): void;
}

export function createListCache(
  ttlMs: number,
  clock: () => number = Date.now,
  maxEntries = CATALOGUE_CACHE_MAX_ENTRIES,
): ListCache {
  const entries = new Map<string, { expiresAtMs: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = clock();
      const hit = entries.get(key);
      if (hit && hit.expiresAtMs > now) return hit.value as Promise<T>;
      entries.delete(key);
      // One load for concurrent askers; a failed load is not kept.
      const value = load();
      entries.set(key, { expiresAtMs: now + ttlMs, value });
      value.catch(() => entries.delete(key));
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
