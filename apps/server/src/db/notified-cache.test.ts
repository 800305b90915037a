import { describe, expect, it } from 'vitest';
import { createNotifiedCache } from './notified-cache.js';

function cacheAt(ttlMs = 1_000, maxEntries = 3) {
  let nowMs = 0;
  const cache = createNotifiedCache<{ owner: string }>({
    ttlMs,
    maxEntries,
    clock: () => nowMs,
    namedBy: (payload) =>
      payload.startsWith('k:')
        ? { key: payload.slice(2) }
        : payload.startsWith('o:')
          ? { matches: (value) => value.owner === payload.slice(2) }
          : null,
  });
  cache.setListening(true);
  return { cache, advance: (ms: number) => (nowMs += ms) };
}

describe('the notified cache', () => {
  it('answers a kept value until its time to live or its own end', () => {
    const { cache, advance } = cacheAt();
    cache.put('a', { owner: 'x' }, cache.stamp());
    cache.put('b', { owner: 'x' }, cache.stamp(), 500);
    advance(600);
    expect(cache.get('a')).toEqual({ owner: 'x' });
    expect(cache.get('b')).toBeUndefined();
    advance(400);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops a key, the matching values, or everything, as the payload names', () => {
    const { cache } = cacheAt(1_000, 10);
    for (const [key, owner] of [
      ['a', 'x'],
      ['b', 'x'],
      ['c', 'y'],
      ['d', 'z'],
    ] as const) {
      cache.put(key, { owner }, cache.stamp());
    }
    cache.forget('k:c');
    expect(cache.get('c')).toBeUndefined();
    cache.forget('o:x');
    expect([cache.get('a'), cache.get('b'), cache.get('d')]).toEqual([
      undefined,
      undefined,
      { owner: 'z' },
    ]);
    cache.forget('not understood');
    expect(cache.get('d')).toBeUndefined();
  });

  it('keeps no read that started before a change it heard, and nothing while not listening', () => {
    const { cache } = cacheAt();
    const stamp = cache.stamp();
    cache.forget('k:other');
    cache.put('a', { owner: 'x' }, stamp);
    expect(cache.get('a')).toBeUndefined();
    cache.put('a', { owner: 'x' }, cache.stamp());
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    cache.put('a', { owner: 'x' }, cache.stamp());
    cache.setListening(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most maxEntries, the oldest going first, and nothing with no time to live', () => {
    const { cache } = cacheAt(1_000, 2);
    for (const key of ['a', 'b', 'c']) cache.put(key, { owner: key }, cache.stamp());
    expect([cache.get('a'), cache.get('c')]).toEqual([undefined, { owner: 'c' }]);
    const none = cacheAt(0).cache;
    none.put('a', { owner: 'x' }, none.stamp());
    expect(none.keeps).toBe(false);
    expect(none.get('a')).toBeUndefined();
  });
});
