import {
  amountToMinor,
  type BuiltinRound,
  minorToAmount,
  SLOT_BET_PER_LINE_STEPS,
} from '@app/contract/client';
import type { SlotRoundOutcome, SlotSpinOutcome } from '@app/game-math/slots/types';

/** A payout of at least this many stakes is a big win (a bigger banner and sound). */
export const BIG_WIN_STAKE_MULTIPLE = 10;

export interface SlotParams {
  lines: number;
  betPerLine: number;
}

/**
 * How a round's end is shown. A payout at or below the stake is not a win: no banner,
 * no sound, only "returned X".
 */
export type SlotResultKind = 'none' | 'returned' | 'win' | 'bigWin';

export function resultKindOf(stake: number, payout: number): SlotResultKind {
  if (payout <= 0) return 'none';
  if (payout <= stake) return 'returned';
  return payout >= stake * BIG_WIN_STAKE_MULTIPLE ? 'bigWin' : 'win';
}

export function outcomeOf(round: BuiltinRound): SlotRoundOutcome {
  return round.detail.outcome as SlotRoundOutcome;
}

/** The params as the server stored them (lines may be absent: all lines). */
export function paramsOf(round: BuiltinRound, allLines: number): SlotParams {
  const params = (round.detail.params ?? {}) as Partial<SlotParams>;
  return { lines: params.lines ?? allLines, betPerLine: params.betPerLine ?? 0 };
}

/** A pay in bet-per-line units as money, exact (minor units in between). */
export function amountOfPay(pay: number, betPerLine: number): number {
  return minorToAmount(BigInt(pay) * amountToMinor(betPerLine));
}

/** Every spin of a round in play order: the paid spin, then the free spins. */
export function spinsOf(outcome: SlotRoundOutcome): SlotSpinOutcome[] {
  return [outcome.base, ...outcome.freeSpins];
}

/** The largest bet per line the series goes to (major units): past any currency's profile. */
const BET_PER_LINE_SERIES_MAX = 10_000_000;

/**
 * Bet-per-line choices: the contract's steps, then on in 1-2-5 steps, so a VND merchant whose
 * smallest total bet is 1,000 ₫ gets 50 ₫, 100 ₫ ... a line rather than nothing to choose.
 */
function betPerLineSeries(): number[] {
  const series: number[] = [...SLOT_BET_PER_LINE_STEPS];
  for (let decade = 100; decade < BET_PER_LINE_SERIES_MAX; decade *= 10) {
    series.push(decade * 2, decade * 5, decade * 10);
  }
  return [...new Set(series)].sort((a, b) => a - b);
}
const BET_PER_LINE_SERIES = betPerLineSeries();

/** The bet-per-line steps whose stake (lines x step) is within the merchant's limits. */
export function betStepsWithin(
  lines: number,
  limits: { minStake: number; maxStake: number },
): number[] {
  return BET_PER_LINE_SERIES.filter((step) => {
    const stake = minorToAmount(BigInt(lines) * amountToMinor(step));
    return stake >= limits.minStake && stake <= limits.maxStake;
  });
}

/** The first bet per line: the largest step whose total is at most the profile's first stake. */
export function firstBetStep(lines: number, steps: number[], defaultStake?: number): number | null {
  if (defaultStake === undefined) return steps[0] ?? null;
  const fitting = steps.filter((step) => step * lines <= defaultStake + 1e-9);
  return fitting[fitting.length - 1] ?? steps[0] ?? null;
}
