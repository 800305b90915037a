import type { RandomSource } from '../fair/random-source';

/**
 * A built-in game as `npm run bench:rtp` sees it: one simulated round at a time, with the
 * parameters a typical player uses, so the measured RTP, hit rate and volatility can be printed
 * beside the declared RTP.
 */
export interface SimulatedGame {
  gameCode: string;
  /** A name for the printout, e.g. "Plinko 16 rows, high risk". */
  label: string;
  /** The declared return to player, as a fraction (0.96 = 96 %). */
  declaredRtp: number;
  /** Plays one round from `source`; stake and payout in the same unit. */
  simulateRound(source: RandomSource): { stake: number; payout: number };
}
