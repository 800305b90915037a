import { type BetType, pickOddsOf, type SettleRule } from './bet-types';
import { type LotteryFormat, type LotteryResult, lotteryFormats } from './formats';
import { BASIS_POINTS } from './money';
import { combinations, type LotterySelection, validateSelection } from './selection';

/** The outcome of one bet line against a result, per unit of amount per point. */
export interface BetSettlement {
  points: number;
  /** Points that won something (a push is not a win). */
  winningPoints: number;
  /** Hits summed over the points (a lô number drawn twice is two hits). */
  hits: number;
  /** Points refunded by a tie (dragon/tiger). */
  pushes: number;
  /** Total payout multiple in basis points: hits x odds, plus 10000 per push; 0 = lost. */
  payoutBp: number;
}

/** How one point fared: hits, or a push (refund). */
interface PointOutcome {
  hits: number;
  push: boolean;
}

const LOSS: PointOutcome = { hits: 0, push: false };
const hitsOf = (hits: number): PointOutcome => ({ hits, push: false });

/** First number of a prize (the prizes the special rules read have exactly one). */
function firstOf(result: LotteryResult, prize: string): string {
  const number = result[prize]?.[0];
  if (number === undefined) throw new Error(`result lacks prize ${prize}`);
  return number;
}

function digitsOf(format: LotteryFormat, result: LotteryResult): number[] {
  const prize = format.prizes[0];
  if (!prize) throw new Error(`format ${format.code} has no prize`);
  return (result[prize.code] ?? []).map(Number);
}

/**
 * Tails per result, cached: a draw settles thousands of bets against one result object, so each
 * tail list is built once (a WeakMap, so results are freed with their draw).
 */
const tailCache = new WeakMap<LotteryResult, Map<string, string[]>>();

/** Tails (last `digits` digits) of every number of the prizes that is long enough. */
export function tailsOf(
  format: LotteryFormat,
  result: LotteryResult,
  digits: number,
  prizes: 'all' | readonly string[],
): string[] {
  const cacheKey = `${format.code}|${digits}|${prizes === 'all' ? '*' : prizes.join(',')}`;
  let byKey = tailCache.get(result);
  const cached = byKey?.get(cacheKey);
  if (cached) return cached;
  const tails: string[] = [];
  for (const prize of format.prizes) {
    if (prize.digits < digits || (prizes !== 'all' && !prizes.includes(prize.code))) continue;
    for (const number of result[prize.code] ?? []) tails.push(number.slice(-digits));
  }
  if (!byKey) {
    byKey = new Map();
    tailCache.set(result, byKey);
  }
  byKey.set(cacheKey, tails);
  return tails;
}

const countOf = (values: readonly string[], value: string) =>
  values.reduce((count, each) => count + (each === value ? 1 : 0), 0);

const sortedDigits = (text: string) => [...text].sort().join('');

function settlePoint(
  rule: SettleRule,
  format: LotteryFormat,
  result: LotteryResult,
  point: LotterySelection,
): PointOutcome {
  const pick = point.picks[0] as string;
  switch (rule.kind) {
    case 'tail_count':
      return hitsOf(countOf(tailsOf(format, result, rule.digits, rule.prizes), pick));
    case 'tail_all_present': {
      const tails = tailsOf(format, result, rule.digits, 'all');
      return point.picks.every((each) => tails.includes(each)) ? hitsOf(1) : LOSS;
    }
    case 'tail_none_present': {
      const tails = tailsOf(format, result, rule.digits, 'all');
      return point.picks.some((each) => tails.includes(each)) ? LOSS : hitsOf(1);
    }
    case 'digit_from_end': {
      const number = firstOf(result, rule.prize);
      return number[number.length - rule.fromEnd] === pick ? hitsOf(1) : LOSS;
    }
    case 'tote':
      return sortedDigits(firstOf(result, rule.prize).slice(-rule.digits)) === sortedDigits(pick)
        ? hitsOf(1)
        : LOSS;
    case 'digit_in_tail':
      return firstOf(result, rule.prize).slice(-rule.digits).includes(pick) ? hitsOf(1) : LOSS;
    case 'position_digit':
      return digitsOf(format, result)[point.position ?? -1] === Number(pick) ? hitsOf(1) : LOSS;
    case 'position_big_small': {
      const digit = digitsOf(format, result)[point.position ?? -1] as number;
      return (digit >= 5 ? 'big' : 'small') === pick ? hitsOf(1) : LOSS;
    }
    case 'position_odd_even': {
      const digit = digitsOf(format, result)[point.position ?? -1] as number;
      return (digit % 2 === 1 ? 'odd' : 'even') === pick ? hitsOf(1) : LOSS;
    }
    case 'sum_big_small': {
      const sum = digitsOf(format, result).reduce((a, b) => a + b, 0);
      return (sum >= rule.bigFrom ? 'big' : 'small') === pick ? hitsOf(1) : LOSS;
    }
    case 'sum_odd_even': {
      const sum = digitsOf(format, result).reduce((a, b) => a + b, 0);
      return (sum % 2 === 1 ? 'odd' : 'even') === pick ? hitsOf(1) : LOSS;
    }
    case 'dragon_tiger': {
      const digits = digitsOf(format, result);
      const dragon = digits[0] as number;
      const tiger = digits[digits.length - 1] as number;
      const outcome = dragon > tiger ? 'dragon' : dragon < tiger ? 'tiger' : 'tie';
      if (outcome === pick) return hitsOf(1);
      // A tie refunds dragon and tiger bets (the rule the pages state).
      return outcome === 'tie' ? { hits: 0, push: true } : LOSS;
    }
    case 'dice_sum':
      return digitsOf(format, result).reduce((a, b) => a + b, 0) === Number(pick)
        ? hitsOf(1)
        : LOSS;
    case 'dice_big_small': {
      const dice = digitsOf(format, result);
      if (dice.every((die) => die === dice[0])) return LOSS;
      const sum = dice.reduce((a, b) => a + b, 0);
      return (sum >= DICE_BIG_FROM ? 'big' : 'small') === pick ? hitsOf(1) : LOSS;
    }
    case 'dice_triple':
      return digitsOf(format, result).every((die) => die === Number(pick)) ? hitsOf(1) : LOSS;
    case 'dice_any_triple': {
      const dice = digitsOf(format, result);
      return dice.every((die) => die === dice[0]) ? hitsOf(1) : LOSS;
    }
    case 'dice_pair':
      return digitsOf(format, result).filter((die) => die === Number(pick)).length >= 2
        ? hitsOf(1)
        : LOSS;
    case 'dice_single':
      return hitsOf(digitsOf(format, result).filter((die) => die === Number(pick)).length);
  }
}

/** DICE3: totals 11-17 are big, 4-10 small (triples lose both). */
export const DICE_BIG_FROM = 11;

/**
 * Settles one bet line: every point (combination) against the result. The selection must be
 * valid (it was checked when the bet was placed); the result must be valid for the format.
 */
export function settleBet(
  betType: BetType,
  selection: LotterySelection,
  result: LotteryResult,
): BetSettlement {
  const check = validateSelection(betType, selection);
  if (!check.ok) throw new Error(`invalid selection for ${betType.code}: ${check.reason}`);
  const format = lotteryFormats[betType.format];
  const settlement: BetSettlement = {
    points: 0,
    winningPoints: 0,
    hits: 0,
    pushes: 0,
    payoutBp: 0,
  };
  const points =
    betType.rule.comboSize === 1 ? singlePoints(selection) : combinations(betType, selection);
  for (const point of points) {
    const outcome = settlePoint(betType.settle, format, result, point);
    settlement.points += 1;
    if (outcome.push) {
      settlement.pushes += 1;
      settlement.payoutBp += BASIS_POINTS;
    } else if (outcome.hits > 0) {
      settlement.winningPoints += 1;
      settlement.hits += outcome.hits;
      settlement.payoutBp += outcome.hits * pickOddsOf(betType, point.picks[0] as string).oddsBp;
    }
  }
  return settlement;
}

/** One point per pick (the common case, without building subsets). */
function singlePoints(selection: LotterySelection): LotterySelection[] {
  return selection.picks.map((pick) =>
    selection.position === undefined
      ? { picks: [pick] }
      : { position: selection.position, picks: [pick] },
  );
}
