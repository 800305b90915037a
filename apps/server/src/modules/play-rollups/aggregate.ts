import type { EventPayload } from '../events/index.js';

type RoundSettled = EventPayload<'round.settled'>;

/** One rollup row's key and sums: settled rounds of one party, start hour and category. */
export interface RollupCell {
  partyId: bigint;
  merchantCode: string;
  /** UTC calendar day the rounds started, YYYY-MM-DD. */
  day: string;
  /** UTC hour (0-23) of that day in which the rounds started. */
  hour: number;
  gameCategory: string;
  currency: string;
  rounds: bigint;
  stakeMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
}

/** The UTC day and hour an instant falls in. */
export function utcHourOf(time: Date): { day: string; hour: number } {
  const iso = time.toISOString();
  return { day: iso.slice(0, 10), hour: time.getUTCHours() };
}

/**
 * Sums settled rounds into cells, one per party (`partyOf` answers the member or their agent;
 * null skips the round), UTC start hour (`startedAtOf`) and category: one row per key, so a
 * batch is one upsert.
 */
export function rollUp(
  rounds: readonly RoundSettled[],
  partyOf: (round: RoundSettled) => bigint | null,
  startedAtOf: (round: RoundSettled) => Date,
): RollupCell[] {
  const cells = new Map<string, RollupCell>();
  for (const round of rounds) {
    const partyId = partyOf(round);
    if (partyId === null) continue;
    const { day, hour } = utcHourOf(startedAtOf(round));
    const key = `${partyId}|${day}|${hour}|${round.gameCategory}|${round.currency}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = {
        partyId,
        merchantCode: round.merchantCode,
        day,
        hour,
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
