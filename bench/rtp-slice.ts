import type { RandomSource } from '../packages/game-math/src/fair/random-source.js';
import type { SimulatedGame } from '../packages/game-math/src/games/index.js';

export interface SliceTask {
  gameIndex: number;
  rounds: number;
  seed: number;
}

/** Sums over a slice of rounds; payout/stake is the per-round return that volatility measures. */
export interface SliceSums {
  rounds: number;
  stake: number;
  payout: number;
  /** Sum and sum of squares of payout/stake per round. */
  ratioSum: number;
  ratioSquares: number;
  hits: number;
  maxRatio: number;
}

export function simulateSlice(
  game: SimulatedGame,
  source: RandomSource,
  rounds: number,
): SliceSums {
  const sums: SliceSums = {
    rounds,
    stake: 0,
    payout: 0,
    ratioSum: 0,
    ratioSquares: 0,
    hits: 0,
    maxRatio: 0,
  };
  for (let i = 0; i < rounds; i++) {
    const { stake, payout } = game.simulateRound(source);
    const ratio = payout / stake;
    sums.stake += stake;
    sums.payout += payout;
    sums.ratioSum += ratio;
    sums.ratioSquares += ratio * ratio;
    if (payout > 0) sums.hits += 1;
    if (ratio > sums.maxRatio) sums.maxRatio = ratio;
  }
  return sums;
}

export function combine(slices: SliceSums[]): SliceSums {
  return slices.reduce((all, slice) => ({
    rounds: all.rounds + slice.rounds,
    stake: all.stake + slice.stake,
    payout: all.payout + slice.payout,
    ratioSum: all.ratioSum + slice.ratioSum,
    ratioSquares: all.ratioSquares + slice.ratioSquares,
    hits: all.hits + slice.hits,
    maxRatio: Math.max(all.maxRatio, slice.maxRatio),
  }));
}
