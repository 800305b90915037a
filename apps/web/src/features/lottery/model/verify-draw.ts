import type { LotteryFormat, LotteryResult } from '@app/contract/client';
import { hashServerSeed } from '@app/game-math';
import { drawSeededResult, lotteryFormats } from '@app/game-math/lottery/index';

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

/** Recomputes a house draw in the browser from its revealed seed (commit and reveal). */
export function verifyDraw(input: {
  format: LotteryFormat;
  seed: string;
  seedHash: string;
  drawKey: string;
  result: LotteryResult;
}): DrawVerification {
  const recomputed = drawSeededResult(lotteryFormats[input.format], {
    serverSeed: input.seed,
    drawKey: input.drawKey,
  }) as LotteryResult;
  return {
    hashMatches: hashServerSeed(input.seed) === input.seedHash.toLowerCase(),
    resultMatches: sameResult(recomputed, input.result),
    recomputed,
  };
}
