import {
  amountToMinor,
  LOTTERY_BET_NUMBERS_MAX,
  LOTTERY_SLIP_BETS_MAX,
  type LotteryBetRequest,
  minorToAmount,
} from '@app/contract/client';

/** How a bet type is picked, as the slip needs it (from the maths package's selection rule). */
export interface SlipRule {
  /** `numbers`: digit strings of `digits` length; `options`: named choices (big, odd, 7...). */
  kind: 'numbers' | 'options';
  digits: number;
  options: readonly string[];
  /** Thai 3 tote: the three digits must differ. */
  distinctDigits: boolean;
  /** Numbers per combination: 1 (lô, đề), k (xiên k, lô trượt k). A line is C(picks, k) points. */
  comboSize: number;
  minPicks: number;
  maxPicks: number;
  /** Positions to choose from (DIGIT5 position bets); 0: the bet has no position. */
  positions: number;
}

/** One line of the slip: a bet type, its picks and position, staked per point. */
export interface SlipLine {
  betType: string;
  rule: SlipRule;
  picks: readonly string[];
  position: number | null;
}

export type LineProblem =
  | 'pick_more'
  | 'pick_fewer'
  | 'digits_not_distinct'
  | 'choose_position'
  | 'too_many_combinations';

export type SlipProblem =
  | 'empty'
  | 'amount_invalid'
  | 'too_many_bets'
  | 'stake_too_small'
  | 'stake_too_large';

/** Lines one slip holds before the oldest falls off (the server caps bets per slip). */
export const LOTTERY_SLIP_LINES_MAX = 50;

/** A combination cap of a line, as the maths package sets it (MAX_COMBINATIONS_PER_BET). */
export const LINE_COMBINATIONS_MAX = 1000;

/** n choose k, exactly for the small numbers of a slip. */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let index = 1; index <= k; index += 1) result = (result * (n - k + index)) / index;
  return Math.round(result);
}

/** Points of a line: one per combination of `comboSize` picks (lô: one per number). */
export const pointsOfLine = (line: SlipLine): number =>
  choose(line.picks.length, Math.max(1, line.rule.comboSize));

/** What stops a line from going on the slip (the server checks the same rules). */
export function lineProblem(line: SlipLine): LineProblem | null {
  const { rule, picks } = line;
  if (rule.positions > 0 && line.position === null) return 'choose_position';
  if (picks.length < Math.max(rule.minPicks, rule.comboSize, 1)) return 'pick_more';
  if (picks.length > rule.maxPicks) return 'pick_fewer';
  if (rule.distinctDigits && picks.some((pick) => new Set(pick).size !== pick.length)) {
    return 'digits_not_distinct';
  }
  if (pointsOfLine(line) > LINE_COMBINATIONS_MAX) return 'too_many_combinations';
  return null;
}

/**
 * The bets a line is sent as: one bet of all its picks, except single-number lines longer than
 * a bet may hold (a full 000-999 range of lô 3 số), which are cut into bets of at most
 * LOTTERY_BET_NUMBERS_MAX numbers. Each bet's points are its combinations.
 */
export function betsOfLine(line: SlipLine, amountPerPoint: number): LotteryBetRequest[] {
  const chunks: (readonly string[])[] = [];
  if (line.rule.comboSize <= 1) {
    for (let start = 0; start < line.picks.length; start += LOTTERY_BET_NUMBERS_MAX) {
      chunks.push(line.picks.slice(start, start + LOTTERY_BET_NUMBERS_MAX));
    }
  } else {
    chunks.push(line.picks);
  }
  return chunks.map((numbers) => ({
    betType: line.betType,
    numbers: [...numbers],
    ...(line.rule.positions > 0 && line.position !== null ? { position: line.position } : {}),
    amountPerPoint,
    points: choose(numbers.length, Math.max(1, line.rule.comboSize)),
  }));
}

function amountMinorOf(amount: number): bigint | null {
  if (!(amount > 0)) return null;
  try {
    return amountToMinor(amount);
  } catch {
    return null;
  }
}

export interface SlipSummary {
  bets: LotteryBetRequest[];
  points: number;
  /** Amount per point × points over every bet, in major units (exact, through minor units). */
  totalAmount: number;
  problems: SlipProblem[];
}

/**
 * What the slip places and its total, shown before confirming; `problems` lists what stops it
 * (the server checks the same and more: liability per number, the draw's state, the balance).
 */
export function summarizeSlip(
  lines: readonly SlipLine[],
  amountPerPoint: number,
  stakeLimits: { minStakePerBet: number; maxStakePerBet: number },
): SlipSummary {
  const problems: SlipProblem[] = [];
  if (lines.length === 0) problems.push('empty');
  const amountMinor = amountMinorOf(amountPerPoint);
  if (amountMinor === null) problems.push('amount_invalid');
  const bets = lines.flatMap((line) => betsOfLine(line, amountPerPoint));
  if (bets.length > LOTTERY_SLIP_BETS_MAX) problems.push('too_many_bets');
  const points = bets.reduce((sum, bet) => sum + (bet.points ?? 1), 0);
  if (amountMinor !== null) {
    const stakes = bets.map((bet) => minorToAmount(amountMinor * BigInt(bet.points ?? 1)));
    if (stakes.some((stake) => stake < stakeLimits.minStakePerBet))
      problems.push('stake_too_small');
    if (stakes.some((stake) => stake > stakeLimits.maxStakePerBet))
      problems.push('stake_too_large');
  }
  const totalMinor = amountMinor === null ? 0n : amountMinor * BigInt(points);
  return { bets, points, totalAmount: minorToAmount(totalMinor), problems };
}

/** An amount as typed: digits with an optional comma grouping and at most two decimals. */
export function parseAmountText(text: string): number | null {
  const plain = text.trim().replace(/,/g, '');
  if (!/^\d{1,12}(\.\d{0,2})?$/.test(plain)) return null;
  const amount = Number(plain);
  return amount > 0 ? amount : null;
}
