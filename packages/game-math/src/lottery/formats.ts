import { intBelow, type RandomSource } from '../fair/random-source';

/** The five result shapes the lottery engine draws or accepts (docs/lottery-maths.md). */
export const LOTTERY_FORMAT_CODES = ['VN_NORTH', 'VN_SOUTH', 'THAI', 'DIGIT5', 'DICE3'] as const;
export type LotteryFormatCode = (typeof LOTTERY_FORMAT_CODES)[number];

/** One prize of a result: `count` numbers of `digits` digits, each digit in [minDigit, maxDigit]. */
export interface PrizeSpec {
  /** Stable code, also the translation key suffix on the pages (e.g. `special`, `front3`). */
  code: string;
  count: number;
  digits: number;
  minDigit: number;
  maxDigit: number;
}

export interface LotteryFormat {
  code: LotteryFormatCode;
  /** Prizes in display order (special prize first for VN, first prize first for THAI). */
  prizes: readonly PrizeSpec[];
}

/**
 * A drawn or entered result: prize code -> its numbers as digit strings, in the order of the
 * prize's spec ('05' keeps its leading zero). DIGIT5 is `{ digits: ['3','1','4','1','5'] }`
 * (position 0 first), DICE3 `{ dice: ['2','6','6'] }`.
 */
export type LotteryResult = Readonly<Record<string, readonly string[]>>;

const decimal = (code: string, count: number, digits: number): PrizeSpec => ({
  code,
  count,
  digits,
  minDigit: 0,
  maxDigit: 9,
});

/** Hà Nội (North): 27 numbers. */
export const VN_NORTH: LotteryFormat = {
  code: 'VN_NORTH',
  prizes: [
    decimal('special', 1, 5),
    decimal('first', 1, 5),
    decimal('second', 2, 5),
    decimal('third', 6, 5),
    decimal('fourth', 4, 4),
    decimal('fifth', 6, 4),
    decimal('sixth', 3, 3),
    decimal('seventh', 4, 2),
  ],
};

/** South and Central provinces: 18 numbers. */
export const VN_SOUTH: LotteryFormat = {
  code: 'VN_SOUTH',
  prizes: [
    decimal('special', 1, 6),
    decimal('first', 1, 5),
    decimal('second', 1, 5),
    decimal('third', 2, 5),
    decimal('fourth', 7, 5),
    decimal('fifth', 1, 4),
    decimal('sixth', 3, 4),
    decimal('seventh', 1, 3),
    decimal('eighth', 1, 2),
  ],
};

/** Thai government lottery, the prizes the bet types use. */
export const THAI: LotteryFormat = {
  code: 'THAI',
  prizes: [
    decimal('first', 1, 6),
    decimal('front3', 2, 3),
    decimal('last3', 2, 3),
    decimal('last2', 1, 2),
  ],
};

/** Quick five-digit lottery: five positions 0-9, position 0 first. */
export const DIGIT5: LotteryFormat = { code: 'DIGIT5', prizes: [decimal('digits', 5, 1)] };

/** Three dice 1-6. */
export const DICE3: LotteryFormat = {
  code: 'DICE3',
  prizes: [{ code: 'dice', count: 3, digits: 1, minDigit: 1, maxDigit: 6 }],
};

export const lotteryFormats: Readonly<Record<LotteryFormatCode, LotteryFormat>> = {
  VN_NORTH,
  VN_SOUTH,
  THAI,
  DIGIT5,
  DICE3,
};

export function isLotteryFormatCode(code: string): code is LotteryFormatCode {
  return (LOTTERY_FORMAT_CODES as readonly string[]).includes(code);
}

/** Total numbers in a result of this format (27 for VN_NORTH, 18 for VN_SOUTH). */
export function numberCountOf(format: LotteryFormat): number {
  return format.prizes.reduce((sum, prize) => sum + prize.count, 0);
}

/**
 * Draws a result: prizes in spec order, numbers in order, digits left to right, each digit
 * `minDigit + intBelow(source, maxDigit - minDigit + 1)`. This order is part of the published
 * draw scheme: anyone recomputing a house draw must consume the stream the same way.
 */
export function drawResult(format: LotteryFormat, source: RandomSource): LotteryResult {
  const result: Record<string, string[]> = {};
  for (const prize of format.prizes) {
    const numbers: string[] = [];
    const range = prize.maxDigit - prize.minDigit + 1;
    for (let n = 0; n < prize.count; n++) {
      let text = '';
      for (let d = 0; d < prize.digits; d++)
        text += String(prize.minDigit + intBelow(source, range));
      numbers.push(text);
    }
    result[prize.code] = numbers;
  }
  return result;
}

export type ResultProblemCode =
  | 'missing_prize'
  | 'unknown_prize'
  | 'wrong_count'
  | 'wrong_length'
  | 'not_digits'
  | 'digit_out_of_range';

export interface ResultProblem {
  code: ResultProblemCode;
  prize: string;
  /** Which number of the prize (0-based), when the problem is one number. */
  index?: number;
}

/** Everything wrong with an operator-entered (or feed-delivered) result; empty when valid. */
export function validateResult(format: LotteryFormat, result: LotteryResult): ResultProblem[] {
  const problems: ResultProblem[] = [];
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    return format.prizes.map((prize) => ({ code: 'missing_prize', prize: prize.code }));
  }
  const known = new Set(format.prizes.map((prize) => prize.code));
  for (const code of Object.keys(result)) {
    if (!known.has(code)) problems.push({ code: 'unknown_prize', prize: code });
  }
  for (const prize of format.prizes) {
    const numbers = Object.hasOwn(result, prize.code) ? result[prize.code] : undefined;
    if (!Array.isArray(numbers)) {
      problems.push({ code: 'missing_prize', prize: prize.code });
      continue;
    }
    if (numbers.length !== prize.count) problems.push({ code: 'wrong_count', prize: prize.code });
    numbers.forEach((number: unknown, index: number) => {
      const problem = numberProblem(prize, number);
      if (problem) problems.push({ code: problem, prize: prize.code, index });
    });
  }
  return problems;
}

function numberProblem(prize: PrizeSpec, number: unknown): ResultProblemCode | undefined {
  if (typeof number !== 'string' || !/^[0-9]*$/.test(number)) return 'not_digits';
  if (number.length !== prize.digits) return 'wrong_length';
  for (const char of number) {
    const digit = Number(char);
    if (digit < prize.minDigit || digit > prize.maxDigit) return 'digit_out_of_range';
  }
  return undefined;
}

/** Every number of a result in spec order (prize by prize). */
export function allNumbersOf(format: LotteryFormat, result: LotteryResult): string[] {
  return format.prizes.flatMap((prize) => [...(result[prize.code] ?? [])]);
}
