import type { LotteryFormat, LotteryResult } from '@app/contract/client';
import type { z } from 'zod';

/** One prize of a result format: `count` numbers of `digits` digits, each in [minDigit, maxDigit]. */
export interface PrizeShape {
  code: string;
  count: number;
  digits: number;
  minDigit: number;
  maxDigit: number;
}

const decimal = (code: string, count: number, digits: number): PrizeShape => ({
  code,
  count,
  digits,
  minDigit: 0,
  maxDigit: 9,
});

/**
 * The prizes of each result format, in display order. This repeats `@app/game-math/lottery`
 * (formats.ts), which the console does not depend on; the server validates the result against
 * the real definition again, so a drift here shows as the server's `LOTTERY_RESULT_INVALID`.
 */
export const resultShapes: Readonly<Record<LotteryFormat, readonly PrizeShape[]>> = {
  VN_NORTH: [
    decimal('special', 1, 5),
    decimal('first', 1, 5),
    decimal('second', 2, 5),
    decimal('third', 6, 5),
    decimal('fourth', 4, 4),
    decimal('fifth', 6, 4),
    decimal('sixth', 3, 3),
    decimal('seventh', 4, 2),
  ],
  VN_SOUTH: [
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
  THAI: [
    decimal('first', 1, 6),
    decimal('front3', 2, 3),
    decimal('last3', 2, 3),
    decimal('last2', 1, 2),
  ],
  DIGIT5: [decimal('digits', 5, 1)],
  DICE3: [{ code: 'dice', count: 3, digits: 1, minDigit: 1, maxDigit: 6 }],
};

/** The form's values: one text per prize, its numbers separated by spaces or commas. */
export type ResultTexts = Record<string, string>;

/** The numbers typed for one prize. */
export function numbersOf(text: string): string[] {
  return text.split(/[\s,]+/).filter((part) => part.length > 0);
}

function digitsFit(number: string, prize: PrizeShape): boolean {
  if (number.length !== prize.digits) return false;
  return [...number].every((digit) => {
    const value = Number(digit);
    return value >= prize.minDigit && value <= prize.maxDigit;
  });
}

/** Text key (namespace `console`) of what is wrong with one prize's numbers, or null. */
export function prizeProblem(text: string, prize: PrizeShape): string | null {
  const numbers = numbersOf(text);
  if (numbers.length === 0) return 'form.required';
  if (numbers.length !== prize.count) return 'lottery.enter.wrongCount';
  return numbers.every((number) => digitsFit(number, prize)) ? null : 'lottery.enter.wrongDigits';
}

export type ResultCheck =
  | { ok: true; result: LotteryResult }
  | { ok: false; errors: Record<string, string> };

/**
 * Checks the typed result against the game's prizes and then against the contract's own result
 * schema, so that the form sends only what the server's schema accepts.
 */
export function checkResult(
  texts: ResultTexts,
  prizes: readonly PrizeShape[],
  resultSchema: z.ZodType,
): ResultCheck {
  const errors: Record<string, string> = {};
  for (const prize of prizes) {
    const problem = prizeProblem(texts[prize.code] ?? '', prize);
    if (problem) errors[prize.code] = problem;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const result = Object.fromEntries(
    prizes.map((prize) => [prize.code, numbersOf(texts[prize.code] ?? '')]),
  );
  const parsed = resultSchema.safeParse(result);
  if (!parsed.success) return { ok: false, errors: { root: 'form.invalid' } };
  return { ok: true, result: parsed.data as LotteryResult };
}
