import type { LotteryFormat, LotteryResult } from '@app/contract/client';
import {
  lotteryFormats as lotteryFormatDefinitions,
  type PrizeSpec,
} from '@app/game-math/lottery/formats';
import type { z } from 'zod';

/** One prize of a result format: `count` numbers of `digits` digits, each in [minDigit, maxDigit]. */
export type PrizeShape = PrizeSpec;

/**
 * The prizes of each result format, in display order: the engine's own definition
 * (`@app/game-math/lottery/formats`), which the server checks the entered result against too.
 */
export const resultShapes: Readonly<Record<LotteryFormat, readonly PrizeShape[]>> = {
  VN_NORTH: lotteryFormatDefinitions.VN_NORTH.prizes,
  VN_SOUTH: lotteryFormatDefinitions.VN_SOUTH.prizes,
  THAI: lotteryFormatDefinitions.THAI.prizes,
  DIGIT5: lotteryFormatDefinitions.DIGIT5.prizes,
  DICE3: lotteryFormatDefinitions.DICE3.prizes,
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
