import type { EventPayload } from '../events/index.js';

type RoundSettled = EventPayload<'round.settled'>;

/** One rollup row's key and sums: settled rounds of one party, day and category. */
export interface RollupCell {
  partyId: bigint;
  merchantCode: string;
  /** UTC calendar day, YYYY-MM-DD. */
  day: string;
  gameCategory: string;
  currency: string;
  rounds: bigint;
  stakeMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
}

/** The UTC day a round counts on: its settlement time's. */
export function utcDayOf(isoTime: string): string {
  return new Date(isoTime).toISOString().slice(0, 10);
}

/**
 * Sums settled rounds into cells, one per party (`partyOf` answers the member or their agent;
 * null skips the round), day and category: one row per key, so a batch is one upsert.
 */
export function rollUp(
  rounds: readonly RoundSettled[],
  partyOf: (round: RoundSettled) => bigint | null,
): RollupCell[] {
  const cells = new Map<string, RollupCell>();
  for (const round of rounds) {
    const partyId = partyOf(round);
    if (partyId === null) continue;
    const day = utcDayOf(round.settledAt);
    const key = `${partyId}|${day}|${round.gameCategory}|${round.currency}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = {
        partyId,
        merchantCode: round.merchantCode,
        day,
        gameCategory: round.gameCategory,
        currency: round.currency,
        rounds: 0n,
        stakeMinor: 0n,
        validBetMinor: 0n,
        winMinor: 0n,
      };
      cells.set(key, cell);
    }
    cell.rounds += 1n;
    cell.stakeMinor += BigInt(round.stakeMinor);
    cell.validBetMinor += BigInt(round.validBetMinor);
    cell.winMinor += BigInt(round.winMinor);
  }
  return [...cells.values()];
}
