import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_RETRIES,
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  importWithRetry,
} from './lazy-with-retry';

const noWait = async () => undefined;

describe('lazy chunks retry, then fail with ChunkLoadError', () => {
  it('answers the module once a retry succeeds, after waiting 1 s then 2 s', async () => {
    const waits: number[] = [];
    const load = vi
      .fn<() => Promise<{ default: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: 'page' });
    const module = await importWithRetry(load, {
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(module.default).toBe('page');
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('gives up after the retries with a ChunkLoadError', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('network down')));
    const failure = importWithRetry(load, { wait: noWait });
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toThrow('network down');
    expect(load).toHaveBeenCalledTimes(1 + CHUNK_LOAD_RETRIES);
  });

  it('counts a chunk that never arrives as failed after the SPEC timeout', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => new Promise<never>(() => undefined));
      const failure = importWithRetry(load, { retries: 0 });
      const settled = expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
      await settled;
      expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
