import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

/** Lets the batch's promise chain (then, finally, next flush) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createBatcher', () => {
  it('sends a lone item at once and gathers what arrives while a batch is in flight', async () => {
    const batches: number[][] = [];
    const releases: (() => void)[] = [];
    const send = createBatcher<number, string>({
      maxBatchSize: 3,
      maxInFlight: 1,
      run: (items) =>
        new Promise((resolve) => {
          batches.push(items);
          releases.push(() => resolve(items.map((item) => `done ${item}`)));
        }),
    });
    const first = send(1);
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((item) => send(item));
    expect(batches).toHaveLength(1);
    releases[0]?.();
    expect(await first).toBe('done 1');
    await settle();
    expect(batches[1]).toEqual([2, 3, 4]);
    releases[1]?.();
    await settle();
    expect(batches[2]).toEqual([5]);
    releases[2]?.();
    expect(await Promise.all(rest)).toEqual(['done 2', 'done 3', 'done 4', 'done 5']);
  });

  it('fails every item of a failed batch and carries on with the next', async () => {
    let calls = 0;
    const send = createBatcher<number, number>({
      maxBatchSize: 10,
      maxInFlight: 1,
      run: async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('broken');
        return items;
      },
    });
    await expect(send(1)).rejects.toThrow('broken');
    expect(await send(2)).toBe(2);
  });

  it('refuses items beyond its queue limit instead of queueing them', async () => {
    let release: () => void = () => {};
    const send = createBatcher<number, number>({
      maxBatchSize: 1,
      maxInFlight: 1,
      maxQueued: 2,
      overflowError: () => new Error('full'),
      run: (items) =>
        new Promise((resolve) => {
          release = () => resolve(items);
        }),
    });
    const first = send(1); // in flight
    const queued = [send(2), send(3)];
    await expect(send(4)).rejects.toThrow('full');
    release();
    await expect(first).resolves.toBe(1);
    await settle();
    release();
    await settle();
    release();
    await expect(Promise.all(queued)).resolves.toEqual([2, 3]);
  });
});
