/**
 * A cache of rows read from PostgreSQL that other instances keep correct with NOTIFY: every
 * change to what an entry was read from sends a payload on a channel, every instance LISTENs and
 * drops what the payload names. The time to live only bounds a change nothing announced.
 *
 * It answers only while the LISTEN connection is in place (a change this instance cannot hear
 * must not leave an old value here), and a read that started before a change was heard is not
 * kept (`stamp` before the read, `put` with it after).
 */
export interface NotifiedCache<V> {
  /** Whether anything is ever kept (a time to live above 0): only then is a listener needed. */
  readonly keeps: boolean;
  get(key: string): V | undefined;
  stamp(): number;
  put(key: string, value: V, stamp: number, freshUntilMs?: number): void;
  setListening(listening: boolean): void;
  isListening(): boolean;
  /** Drops what a payload names (see `NotifiedCacheOptions.namedBy`). */
  forget(payload: string): void;
  clear(): void;
}

/** What a payload names: one key, the entries whose value matches, or (null) everything. */
export type NotifiedTarget<V> = { key: string } | { matches(value: V): boolean } | null;

export interface NotifiedCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  /** What a payload names; null for everything (and for a payload not understood). */
  namedBy(payload: string): NotifiedTarget<V>;
  clock?: () => number;
}

/** A notified cache; a time to live of 0 or less keeps nothing (tests see every change). */
export function createNotifiedCache<V>(options: NotifiedCacheOptions<V>): NotifiedCache<V> {
  const { ttlMs, maxEntries, namedBy } = options;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, { value: V; freshUntilMs: number }>();
  let listening = false;
  // Counts the changes heard: a read that started before one of them is not kept.
  let changes = 0;
  const clear = () => {
    changes += 1;
    entries.clear();
  };
  return {
    keeps: ttlMs > 0,
    get(key) {
      if (!listening) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.freshUntilMs > clock()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    stamp: () => changes,
    put(key, value, stamp, freshUntilMs) {
      if (ttlMs <= 0 || !listening || stamp !== changes) return;
      entries.delete(key);
      entries.set(key, {
        value,
        freshUntilMs: Math.min(clock() + ttlMs, freshUntilMs ?? Infinity),
      });
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
      const target = namedBy(payload);
      if (target === null) return clear();
      changes += 1;
      if ('key' in target) {
        entries.delete(target.key);
        return;
      }
      for (const [key, entry] of entries) if (target.matches(entry.value)) entries.delete(key);
    },
    clear,
  };
}
