import type { LotteryFormat } from '@app/contract/client';
import { BASIS_POINTS, type BetType, betTypeOf } from '@app/game-math/lottery/index';
import type { SlipRule } from './slip';

/**
 * The slip's view of a bet type's selection rule (`@app/game-math/lottery`, the same rules
 * the server checks): what is picked, how many, and whether a position is chosen.
 */
export function slipRuleOf(betType: BetType): SlipRule {
  const { rule } = betType;
  const pick = rule.pick;
  return {
    kind: pick.kind === 'number' ? 'numbers' : 'options',
    digits: pick.kind === 'number' ? pick.digits : 1,
    options: pick.kind === 'option' ? pick.options : [],
    distinctDigits: pick.kind === 'number' && pick.distinctDigits === true,
    comboSize: rule.comboSize,
    minPicks: rule.minPicks,
    maxPicks: rule.maxPicks,
    positions: rule.positions ?? 0,
  };
}

/** The maths of a bet type the server offers for this game (undefined: unknown to this page). */
export const mathsBetTypeOf = (format: LotteryFormat, code: string): BetType | undefined =>
  betTypeOf(format, code);

export { BASIS_POINTS };
