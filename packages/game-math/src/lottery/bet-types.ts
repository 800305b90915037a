import { DICE3_BET_TYPES } from './bet-types/dice3';
import { DIGIT5_BET_TYPES } from './bet-types/digit5';
import { THAI_BET_TYPES } from './bet-types/thai';
import type { BetType, PickOdds } from './bet-types/types';
import { VN_NORTH_BET_TYPES, VN_SOUTH_BET_TYPES } from './bet-types/vn';
import type { LotteryFormatCode } from './formats';

export { MAX_COMBINATIONS_PER_BET } from './bet-types/selection-helpers';
export type { BetType, PickOdds, PickRule, SelectionRule, SettleRule } from './bet-types/types';

/** Every bet type of every format. */
export const lotteryBetTypes: readonly BetType[] = [
  ...VN_NORTH_BET_TYPES,
  ...VN_SOUTH_BET_TYPES,
  ...THAI_BET_TYPES,
  ...DIGIT5_BET_TYPES,
  ...DICE3_BET_TYPES,
];

export function betTypesOf(format: LotteryFormatCode): BetType[] {
  return lotteryBetTypes.filter((betType) => betType.format === format);
}

export function betTypeOf(format: LotteryFormatCode, code: string): BetType | undefined {
  return lotteryBetTypes.find((betType) => betType.format === format && betType.code === code);
}

/** The odds and stated RTP of one pick: its `byPick` entry, else the bet type's. */
export function pickOddsOf(betType: BetType, pick: string): PickOdds {
  return betType.byPick?.[pick] ?? { oddsBp: betType.oddsBp, rtpBp: betType.rtpBp };
}
