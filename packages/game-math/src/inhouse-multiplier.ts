/**
 * What Dice, Mines and Plinko share (docs/games-inhouse.md): a declared return of 99 % (house
 * edge 1 %) and multipliers kept as whole ten-thousandths, so payouts are exact in minor units.
 */

/** Declared return to player of the in-house games, in basis points: 99 %. */
export const INHOUSE_RTP_BASIS_POINTS = 9_900;
export const BASIS_POINTS = 10_000;
/** Declared return to player as a fraction, for printouts. */
export const INHOUSE_RTP = INHOUSE_RTP_BASIS_POINTS / BASIS_POINTS;
/** Multipliers are whole ten-thousandths (4 decimals): 1.98x is 19,800. */
export const MULTIPLIER_SCALE = 10_000;

/** Payout in minor units, rounded down: stake x multiplier. */
export function scaledPayoutMinor(stakeMinor: bigint, multiplierScaled: number): bigint {
  return (stakeMinor * BigInt(multiplierScaled)) / BigInt(MULTIPLIER_SCALE);
}

/** A scaled multiplier as a plain number (1.98), for display and simulations. */
export function multiplierOf(multiplierScaled: number): number {
  return multiplierScaled / MULTIPLIER_SCALE;
}
