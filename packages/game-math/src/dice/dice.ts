import type { RandomSource } from '../fair/random-source';
import { BASIS_POINTS, INHOUSE_RTP_BASIS_POINTS, MULTIPLIER_SCALE } from '../inhouse-multiplier';

/**
 * Dice (docs/games-inhouse.md): a roll 0.00..99.99 from the fair stream; the player wins by
 * rolling over or under a target. The payout multiplier follows from the chance with a 1 % house
 * edge, rounded down to 4 decimals, so no target returns more than 99 %.
 */

export const DICE_GAME_CODE = 'inh-dice';
/** The roll is one of 10,000 values 0.00..99.99, kept as hundredths (0..9999). */
export const DICE_OUTCOMES = 10_000;
/** Fewest winning rolls a target may leave: 1 of 10,000 (0.01 %). */
export const DICE_MIN_WIN_OUTCOMES = 1;
/** Most winning rolls a target may leave: 9,800 of 10,000 (98 %). */
export const DICE_MAX_WIN_OUTCOMES = 9_800;

export type DiceDirection = 'over' | 'under';

export interface DiceBet {
  /** The target in hundredths (50.5 is 5050). */
  targetHundredths: number;
  direction: DiceDirection;
}

/** Winning rolls (of 10,000): over wins on a roll above the target, under on one below it. */
export function diceWinOutcomes({ targetHundredths, direction }: DiceBet): number {
  return direction === 'over' ? DICE_OUTCOMES - 1 - targetHundredths : targetHundredths;
}

/** The targets a direction allows, in hundredths, from the win-chance bounds. */
export function diceTargetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === 'under'
    ? { min: DICE_MIN_WIN_OUTCOMES, max: DICE_MAX_WIN_OUTCOMES }
    : {
        min: DICE_OUTCOMES - 1 - DICE_MAX_WIN_OUTCOMES,
        max: DICE_OUTCOMES - 1 - DICE_MIN_WIN_OUTCOMES,
      };
}

export function isDiceBetAllowed(bet: DiceBet): boolean {
  const { min, max } = diceTargetRange(bet.direction);
  return (
    Number.isInteger(bet.targetHundredths) &&
    bet.targetHundredths >= min &&
    bet.targetHundredths <= max
  );
}

/** 0.99 / chance in ten-thousandths, rounded down: floor(0.99 * 10,000 * 10,000 / winning rolls). */
export function diceMultiplierScaled(bet: DiceBet): number {
  const wins = diceWinOutcomes(bet);
  // All whole numbers (99 x 10^6 at most): exact in a double.
  return Math.floor(
    (INHOUSE_RTP_BASIS_POINTS * DICE_OUTCOMES * MULTIPLIER_SCALE) / (BASIS_POINTS * wins),
  );
}

/** The exact return of a target: chance x multiplier (at most 0.99, below it by the rounding). */
export function diceExactRtp(bet: DiceBet): number {
  return (diceWinOutcomes(bet) * diceMultiplierScaled(bet)) / (DICE_OUTCOMES * MULTIPLIER_SCALE);
}

export interface DiceOutcome {
  /** The roll in hundredths, 0..9999 (shown as 0.00..99.99). */
  rollHundredths: number;
  won: boolean;
  /** Ten-thousandths; 0 on a loss. */
  multiplierScaled: number;
}

/** One float of the fair stream decides the roll. */
export function rollDice(source: RandomSource, bet: DiceBet): DiceOutcome {
  if (!isDiceBetAllowed(bet)) throw new Error('dice target outside the allowed range');
  const rollHundredths = Math.floor(source.next() * DICE_OUTCOMES);
  const won =
    bet.direction === 'over'
      ? rollHundredths > bet.targetHundredths
      : rollHundredths < bet.targetHundredths;
  return { rollHundredths, won, multiplierScaled: won ? diceMultiplierScaled(bet) : 0 };
}
