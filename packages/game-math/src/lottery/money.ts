/** Odds and payouts are in basis points so that money stays integer. */
export const BASIS_POINTS = 10_000;
const BASIS_POINTS_BIG = 10_000n;

/** A line's stake: points x amount per point. */
export function stakeMinorOf(amountPerPointMinor: bigint, points: number): bigint {
  return amountPerPointMinor * BigInt(points);
}

/**
 * What a settled line pays: amount per point x payout multiple, rounded down to the minor unit
 * (the house keeps the fraction, never pays more than the odds).
 */
export function payoutMinorOf(amountPerPointMinor: bigint, payoutBp: number): bigint {
  if (!Number.isSafeInteger(payoutBp) || payoutBp < 0) throw new Error(`bad payout ${payoutBp}`);
  return (amountPerPointMinor * BigInt(payoutBp)) / BASIS_POINTS_BIG;
}
