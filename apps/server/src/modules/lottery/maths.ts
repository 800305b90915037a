import type { LotteryBetType, LotteryFormat, LotteryResult } from '@app/contract';
import {
  BASIS_POINTS,
  type BetType,
  betTypeOf,
  betTypesOf,
  digitTrend,
  drawSeededResult,
  liabilityOf,
  lotteryFormats,
  type PositionTrend,
  payoutMinorOf,
  pickOddsOf,
  settleBet,
  trendNumberOf,
  validateResult,
  validateSelection,
  worstPayoutBp,
} from '@app/game-math/lottery/index';

/**
 * The engine's view of the lottery maths (`@app/game-math/lottery`, docs/lottery-maths.md), in
 * the server's money: integer minor units. A bet line of N picks on a bet type of combination
 * size k is C(N, k) points, each staked the line's amount per point.
 */

/** What a bet picks, as the contract carries it. */
export interface Selection {
  numbers: readonly string[];
  position: number | null;
}

const PERCENT_PER_BASIS_POINT = 100;

function mathsSelection(selection: Selection) {
  return {
    picks: selection.numbers,
    ...(selection.position === null ? {} : { position: selection.position }),
  };
}

export function betTypesFor(format: LotteryFormat): LotteryBetType[] {
  return betTypesOf(format).map((betType) => ({
    code: betType.code,
    odds: betType.oddsBp / BASIS_POINTS,
    rtp: betType.rtpBp / PERCENT_PER_BASIS_POINT,
  }));
}

export function betTypeFor(format: LotteryFormat, code: string): BetType | undefined {
  return betTypeOf(format, code);
}

/** The points of a line, or why its selection does not fit the bet type. */
export function checkSelection(
  betType: BetType,
  selection: Selection,
): { ok: true; points: number; odds: number } | { ok: false; reason: string } {
  const check = validateSelection(betType, mathsSelection(selection));
  if (!check.ok) return { ok: false, reason: check.reason };
  const first = selection.numbers[0] ?? '';
  return { ok: true, points: check.points, odds: pickOddsOf(betType, first).oddsBp / BASIS_POINTS };
}

/** The house's worst payout per liability key (e.g. `lo2:27`) of a line. */
export function liabilityFor(
  betType: BetType,
  selection: Selection,
  amountPerPointMinor: bigint,
): Map<string, bigint> {
  const amounts = new Map<string, bigint>();
  for (const item of liabilityOf(betType, mathsSelection(selection))) {
    const worst = payoutMinorOf(amountPerPointMinor, worstPayoutBp(item));
    amounts.set(item.key, (amounts.get(item.key) ?? 0n) + worst);
  }
  return amounts;
}

/** Adds the amounts of `more` into `into`. */
export function addAmounts(into: Map<string, bigint>, more: ReadonlyMap<string, bigint>): void {
  for (const [key, amount] of more) into.set(key, (into.get(key) ?? 0n) + amount);
}

/** Hits and the amount to credit (stake included; 0 when lost). */
export function settleLine(
  betType: BetType,
  selection: Selection,
  amountPerPointMinor: bigint,
  result: LotteryResult,
): { hits: number; payoutMinor: bigint } {
  const settlement = settleBet(betType, mathsSelection(selection), result);
  return {
    hits: settlement.hits,
    payoutMinor: payoutMinorOf(amountPerPointMinor, settlement.payoutBp),
  };
}

/** A house draw's result, recomputable by anyone from the revealed seed and the draw key. */
export function drawHouseResult(
  format: LotteryFormat,
  input: { serverSeed: string; drawKey: string },
): LotteryResult {
  return drawSeededResult(lotteryFormats[format], input) as LotteryResult;
}

/** Undefined when an entered result fits the format; else the first problem's code. */
export function resultProblem(format: LotteryFormat, result: LotteryResult): string | undefined {
  return validateResult(lotteryFormats[format], result)[0]?.code;
}

/** The tracked digits of a result for the trend chart, one per position. */
export function trendDigits(format: LotteryFormat, result: LotteryResult): string[] {
  return [...trendNumberOf(lotteryFormats[format], result)];
}

/** Per-position frequency and missing counts over results, newest first. */
export function trendOf(format: LotteryFormat, results: readonly LotteryResult[]): PositionTrend[] {
  return digitTrend(lotteryFormats[format], results);
}
