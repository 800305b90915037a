import type { PickRule, SelectionRule } from './types';

export const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const FACES = ['1', '2', '3', '4', '5', '6'] as const;
export const DICE_TOTALS = Array.from({ length: 16 }, (_, i) => String(i + 3));

/** Picks per bet: enough for a full range of numbers, never more combinations than this. */
export const MAX_COMBINATIONS_PER_BET = 1000;
export const ALL_TWO_DIGIT = 100;
export const ALL_THREE_DIGIT = 1000;
/** Xiên and lô trượt: picks a player may combine (C(12, 6) = 924 stays under the cap). */
export const MAX_COMBO_PICKS = 12;

export const single = (pick: PickRule, maxPicks: number, positions?: number): SelectionRule => ({
  pick,
  comboSize: 1,
  minPicks: 1,
  maxPicks,
  ...(positions ? { positions } : {}),
});
export const combo = (digits: number, size: number): SelectionRule => ({
  pick: { kind: 'number', digits },
  comboSize: size,
  minPicks: size,
  maxPicks: MAX_COMBO_PICKS,
});
export const BIG_SMALL = ['big', 'small'] as const;
export const ODD_EVEN = ['odd', 'even'] as const;
