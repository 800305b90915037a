import type { LotteryFormat } from '@app/contract/client';
import type { SlipRule } from './slip';

/**
 * The slip's rule of a bet type. Placeholder until the maths package's catalogue is merged:
 * one number of the format's width per bet.
 */
export function slipRuleOf(format: LotteryFormat, _betType: string): SlipRule {
  const digits = format === 'DIGIT5' ? 1 : format === 'DICE3' ? 1 : 2;
  return { kind: 'numbers', digits, options: [], perBet: 1, positions: 0 };
}

/** The group a bet type is listed under in the slip's chooser. */
export function betTypeGroupOf(_format: LotteryFormat, betType: string): string {
  return betType.split('_')[0] ?? betType;
}
