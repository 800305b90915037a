import { type BetType, pickOddsOf } from './bet-types';
import { type LotteryFormat, lotteryFormats } from './formats';
import { tailsOfSpec } from './tails';

/** An exact fraction (both parts bigint, denominator positive). */
export interface Rational {
  num: bigint;
  den: bigint;
}

const BP = 10_000n;

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
};
const reduce = ({ num, den }: Rational): Rational => {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
};
const frac = (num: bigint | number, den: bigint | number): Rational =>
  reduce({ num: BigInt(num), den: BigInt(den) });
const add = (a: Rational, b: Rational) => frac(a.num * b.den + b.num * a.den, a.den * b.den);
const times = (a: Rational, k: bigint) => frac(a.num * k, a.den);
const pow = (a: Rational, n: number) => frac(a.num ** BigInt(n), a.den ** BigInt(n));
const bigChoose = (n: number, k: number): bigint => {
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
};

const outcomeCache = new Map<string, number[][]>();

/** Every outcome of a small format (DIGIT5: 100,000, DICE3: 216), as digit arrays (cached). */
function enumerateDigits(format: LotteryFormat): number[][] {
  const cached = outcomeCache.get(format.code);
  if (cached) return cached;
  const prize = format.prizes[0];
  if (!prize) return [];
  let outcomes: number[][] = [[]];
  for (let i = 0; i < prize.count; i++) {
    const next: number[][] = [];
    for (const outcome of outcomes) {
      for (let d = prize.minDigit; d <= prize.maxDigit; d++) next.push([...outcome, d]);
    }
    outcomes = next;
  }
  outcomeCache.set(format.code, outcomes);
  return outcomes;
}

const sum = (digits: readonly number[]) => digits.reduce((a, b) => a + b, 0);
const isTriple = (dice: readonly number[]) => dice.every((die) => die === dice[0]);

/** Probability of an event over the digits of DIGIT5 or DICE3 (counted over all outcomes). */
function probabilityOver(format: LotteryFormat, event: (digits: number[]) => boolean): Rational {
  const outcomes = enumerateDigits(format);
  return frac(outcomes.filter(event).length, outcomes.length);
}

/**
 * The exact return to player of one point on `pick` (the first option or a distinct-digit
 * number when omitted): expected payout per unit staked, from the format's probabilities. Draws
 * are uniform and independent per digit, so a tail of k digits is uniform on 10^k values and
 * the tails of different numbers are independent.
 */
export function exactRtpOf(betType: BetType, pick?: string): Rational {
  const format = lotteryFormats[betType.format];
  const chosen = pick ?? defaultPick(betType);
  const odds = BigInt(pickOddsOf(betType, chosen).oddsBp);
  const rule = betType.settle;
  // Expected hits per point (or the win probability, for the kinds that pay once).
  let expectedHits: Rational;
  let pushProbability = frac(0, 1);
  switch (rule.kind) {
    case 'tail_count':
      expectedHits = frac(tailsOfSpec(format, rule.digits, rule.prizes), 10 ** rule.digits);
      break;
    case 'tail_all_present': {
      const tails = tailsOfSpec(format, rule.digits, 'all');
      const size = betType.rule.comboSize;
      const values = 10 ** rule.digits;
      // Inclusion-exclusion over which of the k numbers are missing from all tails.
      let p = frac(0, 1);
      for (let j = 0; j <= size; j++) {
        const term = times(pow(frac(values - j, values), tails), bigChoose(size, j));
        p = add(p, j % 2 === 0 ? term : { num: -term.num, den: term.den });
      }
      expectedHits = p;
      break;
    }
    case 'tail_none_present': {
      const values = 10 ** rule.digits;
      const tails = tailsOfSpec(format, rule.digits, 'all');
      expectedHits = pow(frac(values - betType.rule.comboSize, values), tails);
      break;
    }
    case 'digit_from_end':
    case 'position_digit':
      expectedHits = frac(1, 10);
      break;
    case 'tote': {
      const permutations = new Set(permutationsOf(chosen)).size;
      expectedHits = frac(permutations, 10 ** rule.digits);
      break;
    }
    case 'digit_in_tail':
      expectedHits = frac(10 ** rule.digits - 9 ** rule.digits, 10 ** rule.digits);
      break;
    case 'position_big_small':
    case 'position_odd_even':
      expectedHits = frac(1, 2);
      break;
    case 'sum_big_small':
      expectedHits = probabilityOver(format, (d) => sum(d) >= rule.bigFrom === (chosen === 'big'));
      break;
    case 'sum_odd_even':
      expectedHits = probabilityOver(format, (d) => (sum(d) % 2 === 1) === (chosen === 'odd'));
      break;
    case 'dragon_tiger': {
      const outcome = (d: number[]) => {
        const [first, last] = [d[0] as number, d[d.length - 1] as number];
        return first > last ? 'dragon' : first < last ? 'tiger' : 'tie';
      };
      expectedHits = probabilityOver(format, (d) => outcome(d) === chosen);
      if (chosen !== 'tie') pushProbability = probabilityOver(format, (d) => outcome(d) === 'tie');
      break;
    }
    case 'dice_sum':
      expectedHits = probabilityOver(format, (d) => sum(d) === Number(chosen));
      break;
    case 'dice_big_small':
      expectedHits = probabilityOver(
        format,
        (d) => !isTriple(d) && sum(d) >= 11 === (chosen === 'big'),
      );
      break;
    case 'dice_triple':
      expectedHits = probabilityOver(format, (d) => d.every((die) => die === Number(chosen)));
      break;
    case 'dice_any_triple':
      expectedHits = probabilityOver(format, isTriple);
      break;
    case 'dice_pair':
      expectedHits = probabilityOver(
        format,
        (d) => d.filter((die) => die === Number(chosen)).length >= 2,
      );
      break;
    case 'dice_single':
      expectedHits = frac(3, 6);
      break;
  }
  return frac(
    expectedHits.num * odds * pushProbability.den + pushProbability.num * BP * expectedHits.den,
    expectedHits.den * pushProbability.den * BP,
  );
}

/** The RTP rounded to whole basis points, as bet types state it. */
export function rtpBpOf(rtp: Rational): number {
  return Number((rtp.num * BP * 2n + rtp.den) / (2n * rtp.den));
}

function defaultPick(betType: BetType): string {
  const pick = betType.rule.pick;
  if (pick.kind === 'option') return pick.options[0] as string;
  return '0123456789'.slice(0, pick.digits);
}

function permutationsOf(text: string): string[] {
  if (text.length <= 1) return [text];
  return [...text].flatMap((char, i) =>
    permutationsOf(text.slice(0, i) + text.slice(i + 1)).map((rest) => char + rest),
  );
}
