import { ALL_THREE_DIGIT, ALL_TWO_DIGIT, combo, DIGITS, single } from './selection-helpers';
import type { BetType, PickOdds, PickRule } from './types';

/** The odds the VN formats differ in (their prize counts differ); see docs/lottery-maths.md. */
interface VnOdds {
  lo2: PickOdds;
  lo3: PickOdds;
  xien2: PickOdds;
  xien3: PickOdds;
  xien4: PickOdds;
  loTruot4: PickOdds;
  loTruot8: PickOdds;
  loTruot10: PickOdds;
}

function vnBetTypes(format: 'VN_NORTH' | 'VN_SOUTH', odds: VnOdds): BetType[] {
  const number = (digits: number): PickRule => ({ kind: 'number', digits });
  const digit: PickRule = { kind: 'option', options: DIGITS };
  const special = ['special'];
  return [
    {
      code: 'lo2',
      format,
      group: 'lo',
      market: 'lo2',
      rule: single(number(2), ALL_TWO_DIGIT),
      settle: { kind: 'tail_count', digits: 2, prizes: 'all' },
      ...odds.lo2,
    },
    {
      code: 'lo3',
      format,
      group: 'lo',
      market: 'lo3',
      rule: single(number(3), ALL_THREE_DIGIT),
      settle: { kind: 'tail_count', digits: 3, prizes: 'all' },
      ...odds.lo3,
    },
    {
      code: 'de',
      format,
      group: 'de',
      market: 'de',
      rule: single(number(2), ALL_TWO_DIGIT),
      settle: { kind: 'tail_count', digits: 2, prizes: special },
      oddsBp: 950_000,
      rtpBp: 9500,
    },
    {
      code: 'de_head',
      format,
      group: 'de',
      market: 'de_head',
      rule: single(digit, DIGITS.length),
      settle: { kind: 'digit_from_end', prize: 'special', fromEnd: 2 },
      oddsBp: 95_000,
      rtpBp: 9500,
    },
    {
      code: 'de_tail',
      format,
      group: 'de',
      market: 'de_tail',
      rule: single(digit, DIGITS.length),
      settle: { kind: 'digit_from_end', prize: 'special', fromEnd: 1 },
      oddsBp: 95_000,
      rtpBp: 9500,
    },
    {
      code: 'cang3',
      format,
      group: 'de',
      market: 'cang3',
      rule: single(number(3), ALL_THREE_DIGIT),
      settle: { kind: 'tail_count', digits: 3, prizes: special },
      oddsBp: 9_500_000,
      rtpBp: 9500,
    },
    {
      code: 'xien2',
      format,
      group: 'xien',
      market: 'lo2',
      rule: combo(2, 2),
      settle: { kind: 'tail_all_present', digits: 2 },
      ...odds.xien2,
    },
    {
      code: 'xien3',
      format,
      group: 'xien',
      market: 'lo2',
      rule: combo(2, 3),
      settle: { kind: 'tail_all_present', digits: 2 },
      ...odds.xien3,
    },
    {
      code: 'xien4',
      format,
      group: 'xien',
      market: 'lo2',
      rule: combo(2, 4),
      settle: { kind: 'tail_all_present', digits: 2 },
      ...odds.xien4,
    },
    {
      code: 'lo_truot4',
      format,
      group: 'lo_truot',
      market: 'lo_truot',
      rule: combo(2, 4),
      settle: { kind: 'tail_none_present', digits: 2 },
      ...odds.loTruot4,
    },
    {
      code: 'lo_truot8',
      format,
      group: 'lo_truot',
      market: 'lo_truot',
      rule: combo(2, 8),
      settle: { kind: 'tail_none_present', digits: 2 },
      ...odds.loTruot8,
    },
    {
      code: 'lo_truot10',
      format,
      group: 'lo_truot',
      market: 'lo_truot',
      rule: combo(2, 10),
      settle: { kind: 'tail_none_present', digits: 2 },
      ...odds.loTruot10,
    },
  ];
}

export const VN_NORTH_BET_TYPES = vnBetTypes('VN_NORTH', {
  lo2: { oddsBp: 35_000, rtpBp: 9450 },
  lo3: { oddsBp: 410_000, rtpBp: 9430 },
  xien2: { oddsBp: 173_000, rtpBp: 9495 },
  xien3: { oddsBp: 772_000, rtpBp: 9494 },
  xien4: { oddsBp: 3_550_000, rtpBp: 9478 },
  loTruot4: { oddsBp: 28_600, rtpBp: 9499 },
  loTruot8: { oddsBp: 90_200, rtpBp: 9495 },
  loTruot10: { oddsBp: 163_300, rtpBp: 9496 },
});

export const VN_SOUTH_BET_TYPES = vnBetTypes('VN_SOUTH', {
  lo2: { oddsBp: 52_500, rtpBp: 9450 },
  lo3: { oddsBp: 555_000, rtpBp: 9435 },
  xien2: { oddsBp: 363_000, rtpBp: 9477 },
  xien3: { oddsBp: 2_420_000, rtpBp: 9471 },
  xien4: { oddsBp: 17_110_000, rtpBp: 9500 },
  loTruot4: { oddsBp: 19_800, rtpBp: 9496 },
  loTruot8: { oddsBp: 42_600, rtpBp: 9497 },
  loTruot10: { oddsBp: 63_200, rtpBp: 9486 },
});
