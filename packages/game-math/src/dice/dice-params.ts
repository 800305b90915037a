import type { DiceBet, DiceDirection } from './dice';

/** Dice parameters as the player sends them (major units, target with 2 decimals). */
export interface DiceParams {
  stake: number;
  target: number;
  direction: DiceDirection;
}

/** Hundredths of a target shown with two decimals (50.5 -> 5050). */
export function targetHundredthsOf(target: number): number {
  return Math.round(target * 100);
}

export function diceBetOf(params: DiceParams): DiceBet {
  return { targetHundredths: targetHundredthsOf(params.target), direction: params.direction };
}
