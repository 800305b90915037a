import { describe, expect, it, vi } from 'vitest';
import { createListCache } from './list-cache.js';

describe('catalogue list cache', () => {
  it('serves one load to every asker within the time to live, then loads again', async () => {
    let now = 1_000;
    const cache = createListCache(5_000, () => now);
    const load = vi.fn(async () => ({ games: [now] }));
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    now += 4_999;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    expect(await cache.get('k', load)).toEqual({ games: [now] });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps no failure, no answer when the time to live is 0, and at most its entries', async () => {
    const cache = createListCache(5_000, () => 0, 2);
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cache.get('k', failing)).rejects.toThrow('down');
    await expect(cache.get('k', failing)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);

    const load = vi.fn(async () => 1);
    for (const key of ['a', 'b', 'c', 'a']) await cache.get(key, load);
    // 'a' was dropped as the oldest when 'c' came, so it loads again.
    expect(load).toHaveBeenCalledTimes(4);

    const uncached = createListCache(0);
    await uncached.get('k', load);
    await uncached.get('k', load);
    expect(load).toHaveBeenCalledTimes(6);
  });
});
