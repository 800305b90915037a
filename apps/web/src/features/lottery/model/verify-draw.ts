import type { LotteryFormat, LotteryResult } from '@app/contract/client';

export interface DrawVerification {
  /** SHA-256 of the revealed seed equals the hash published when the draw opened. */
  hashMatches: boolean;
  /** The result recomputed from the seed equals the published one. */
  resultMatches: boolean;
  recomputed: LotteryResult;
}

/** The same prizes with the same numbers in the same order. */
export function sameResult(a: LotteryResult, b: LotteryResult): boolean {
  const keys = Object.keys(a).sort();
  if (keys.join() !== Object.keys(b).sort().join()) return false;
  return keys.every((key) => (a[key] ?? []).join() === (b[key] ?? []).join());
}

/**
 * Recomputes a house draw in the browser from its revealed seed (commit and reveal): the maths
 * package is loaded on demand, so the page does not carry it until someone verifies.
 */
export async function verifyDraw(input: {
  format: LotteryFormat;
  seed: string;
  seedHash: string;
  drawKey: string;
  result: LotteryResult;
}): Promise<DrawVerification> {
  const { hashServerSeed } = await import('@app/game-math');
  // Placeholder until the lottery maths is merged: nothing to recompute with yet.
  const recomputed: LotteryResult = {};
  return {
    hashMatches: hashServerSeed(input.seed) === input.seedHash.toLowerCase(),
    resultMatches: sameResult(recomputed, input.result),
    recomputed,
  };
}
