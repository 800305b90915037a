import type { LotteryFormatCode } from './formats';

/** What a player may pick for one bet type. */
export type PickRule =
  /** Digit strings of exactly `digits` digits ('00'..'99' for two); `distinctDigits` for 3 tote. */
  | { kind: 'number'; digits: number; distinctDigits?: boolean }
  /** One of a fixed list (e.g. 'big' | 'small', the dice totals '3'..'18', the faces '1'..'6'). */
  | { kind: 'option'; options: readonly string[] };

/** How many picks a bet takes and how they combine into points (docs/lottery-maths.md). */
export interface SelectionRule {
  pick: PickRule;
  /** Numbers in one combination: 1 for single bets, 2-4 for xiên, N for lô trượt N. */
  comboSize: number;
  minPicks: number;
  maxPicks: number;
  /** DIGIT5 per-position bets: the selection's `position` must be in [0, positions). */
  positions?: number;
}

/** How a combination is matched against a result: the settlement rule, as data. */
export type SettleRule =
  /** Paid per occurrence: numbers of `prizes` (all when 'all') whose last `digits` digits equal the pick; shorter numbers never match. */
  | { kind: 'tail_count'; digits: number; prizes: 'all' | readonly string[] }
  /** Xiên: every number of the combination appears at least once among the two-digit tails of all prizes; one hit. */
  | { kind: 'tail_all_present'; digits: number }
  /** Lô trượt: none of the combination's numbers appears among the tails; one hit. */
  | { kind: 'tail_none_present'; digits: number }
  /** Đề đầu / đuôi: the digit `fromEnd` places from the end of `prize`'s first number (2 = tens, 1 = units). */
  | { kind: 'digit_from_end'; prize: string; fromEnd: number }
  /** Tote: the last `digits` digits of `prize`'s first number, in any order. */
  | { kind: 'tote'; prize: string; digits: number }
  /** Running: the digit appears in the last `digits` digits of `prize`'s first number; pays once. */
  | { kind: 'digit_in_tail'; prize: string; digits: number }
  /** DIGIT5: the digit at the selection's position. */
  | { kind: 'position_digit' }
  /** DIGIT5: the position's digit is big (5-9) or small (0-4). */
  | { kind: 'position_big_small' }
  /** DIGIT5: the position's digit is odd or even. */
  | { kind: 'position_odd_even' }
  /** The sum of all digits is big (>= bigFrom) or small. */
  | { kind: 'sum_big_small'; bigFrom: number }
  /** The sum of all digits is odd or even. */
  | { kind: 'sum_odd_even' }
  /** DIGIT5: position 0 (dragon) against position 4 (tiger); equal is a tie. */
  | { kind: 'dragon_tiger' }
  /** DICE3: the total of the three dice. */
  | { kind: 'dice_sum' }
  /** DICE3: big 11-17, small 4-10; any triple loses both. */
  | { kind: 'dice_big_small' }
  /** DICE3: all three dice show the picked face. */
  | { kind: 'dice_triple' }
  /** DICE3: all three dice show the same face. */
  | { kind: 'dice_any_triple' }
  /** DICE3: at least two dice show the picked face. */
  | { kind: 'dice_pair' }
  /** DICE3: paid per die showing the picked face. */
  | { kind: 'dice_single' };

/** Odds and stated return of one pick (for bet types whose picks differ, e.g. dice totals). */
export interface PickOdds {
  oddsBp: number;
  rtpBp: number;
}

export interface BetType {
  /** Unique within its format (the same code, e.g. `lo2`, has other odds in another format). */
  code: string;
  format: LotteryFormatCode;
  /** Tab of the bet slip (and the translation key suffix of its name). */
  group: string;
  rule: SelectionRule;
  settle: SettleRule;
  /**
   * Payout, stake included, per point per hit, in basis points (1/10000): 950000 pays 95 times
   * the amount per point. Money stays integer: see `payoutMinorOf`.
   */
  oddsBp: number;
  /** Stated return to player in basis points (9500 = 95.00 %), checked exactly by a test. */
  rtpBp: number;
  /** Picks whose odds differ from `oddsBp` (dragon/tiger's tie, each dice total). */
  byPick?: Readonly<Record<string, PickOdds>>;
  /** DIGIT5 dragon/tiger: a tie refunds dragon and tiger bets (payout 1x). */
  tie?: 'push';
  /** Liability keys are `${market}:${number}` (xiên shares `lo2` with lô 2 số). */
  market: string;
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const FACES = ['1', '2', '3', '4', '5', '6'] as const;
const DICE_TOTALS = Array.from({ length: 16 }, (_, i) => String(i + 3));

/** Picks per bet: enough for a full range of numbers, never more combinations than this. */
export const MAX_COMBINATIONS_PER_BET = 1000;
const ALL_TWO_DIGIT = 100;
const ALL_THREE_DIGIT = 1000;
/** Xiên and lô trượt: picks a player may combine (C(12, 6) = 924 stays under the cap). */
const MAX_COMBO_PICKS = 12;

const single = (pick: PickRule, maxPicks: number, positions?: number): SelectionRule => ({
  pick,
  comboSize: 1,
  minPicks: 1,
  maxPicks,
  ...(positions ? { positions } : {}),
});
const combo = (digits: number, size: number): SelectionRule => ({
  pick: { kind: 'number', digits },
  comboSize: size,
  minPicks: size,
  maxPicks: MAX_COMBO_PICKS,
});

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

const VN_NORTH_BET_TYPES = vnBetTypes('VN_NORTH', {
  lo2: { oddsBp: 35_000, rtpBp: 9450 },
  lo3: { oddsBp: 410_000, rtpBp: 9430 },
  xien2: { oddsBp: 173_000, rtpBp: 9495 },
  xien3: { oddsBp: 772_000, rtpBp: 9494 },
  xien4: { oddsBp: 3_550_000, rtpBp: 9478 },
  loTruot4: { oddsBp: 28_600, rtpBp: 9499 },
  loTruot8: { oddsBp: 90_200, rtpBp: 9495 },
  loTruot10: { oddsBp: 163_300, rtpBp: 9496 },
});

const VN_SOUTH_BET_TYPES = vnBetTypes('VN_SOUTH', {
  lo2: { oddsBp: 52_500, rtpBp: 9450 },
  lo3: { oddsBp: 555_000, rtpBp: 9435 },
  xien2: { oddsBp: 363_000, rtpBp: 9477 },
  xien3: { oddsBp: 2_420_000, rtpBp: 9471 },
  xien4: { oddsBp: 17_110_000, rtpBp: 9500 },
  loTruot4: { oddsBp: 19_800, rtpBp: 9496 },
  loTruot8: { oddsBp: 42_600, rtpBp: 9497 },
  loTruot10: { oddsBp: 63_200, rtpBp: 9486 },
});

const THAI_BET_TYPES: BetType[] = [
  {
    code: 'top3',
    format: 'THAI',
    group: 'three',
    market: 'top3',
    rule: single({ kind: 'number', digits: 3 }, ALL_THREE_DIGIT),
    settle: { kind: 'tail_count', digits: 3, prizes: ['first'] },
    oddsBp: 9_500_000,
    rtpBp: 9500,
  },
  {
    code: 'tote3',
    format: 'THAI',
    group: 'three',
    market: 'tote3',
    rule: single({ kind: 'number', digits: 3, distinctDigits: true }, ALL_THREE_DIGIT),
    settle: { kind: 'tote', prize: 'first', digits: 3 },
    oddsBp: 1_580_000,
    rtpBp: 9480,
  },
  {
    code: 'front3',
    format: 'THAI',
    group: 'three',
    market: 'front3',
    rule: single({ kind: 'number', digits: 3 }, ALL_THREE_DIGIT),
    settle: { kind: 'tail_count', digits: 3, prizes: ['front3'] },
    oddsBp: 4_750_000,
    rtpBp: 9500,
  },
  {
    code: 'last3',
    format: 'THAI',
    group: 'three',
    market: 'last3',
    rule: single({ kind: 'number', digits: 3 }, ALL_THREE_DIGIT),
    settle: { kind: 'tail_count', digits: 3, prizes: ['last3'] },
    oddsBp: 4_750_000,
    rtpBp: 9500,
  },
  {
    code: 'top2',
    format: 'THAI',
    group: 'two',
    market: 'top2',
    rule: single({ kind: 'number', digits: 2 }, ALL_TWO_DIGIT),
    settle: { kind: 'tail_count', digits: 2, prizes: ['first'] },
    oddsBp: 950_000,
    rtpBp: 9500,
  },
  {
    code: 'bottom2',
    format: 'THAI',
    group: 'two',
    market: 'bottom2',
    rule: single({ kind: 'number', digits: 2 }, ALL_TWO_DIGIT),
    settle: { kind: 'tail_count', digits: 2, prizes: ['last2'] },
    oddsBp: 950_000,
    rtpBp: 9500,
  },
  {
    code: 'run_top',
    format: 'THAI',
    group: 'running',
    market: 'run_top',
    rule: single({ kind: 'option', options: DIGITS }, DIGITS.length),
    settle: { kind: 'digit_in_tail', prize: 'first', digits: 3 },
    oddsBp: 35_000,
    rtpBp: 9485,
  },
  {
    code: 'run_bottom',
    format: 'THAI',
    group: 'running',
    market: 'run_bottom',
    rule: single({ kind: 'option', options: DIGITS }, DIGITS.length),
    settle: { kind: 'digit_in_tail', prize: 'last2', digits: 2 },
    oddsBp: 50_000,
    rtpBp: 9500,
  },
];

const DIGIT5_POSITIONS = 5;
const BIG_SMALL = ['big', 'small'] as const;
const ODD_EVEN = ['odd', 'even'] as const;
/** DIGIT5 sums run 0-45: 23 and above is big, so big and small are equally likely. */
const DIGIT5_SUM_BIG_FROM = 23;

const DIGIT5_BET_TYPES: BetType[] = [
  {
    code: 'position_digit',
    format: 'DIGIT5',
    group: 'position',
    market: 'position_digit',
    rule: single({ kind: 'option', options: DIGITS }, DIGITS.length, DIGIT5_POSITIONS),
    settle: { kind: 'position_digit' },
    oddsBp: 97_000,
    rtpBp: 9700,
  },
  {
    code: 'position_big_small',
    format: 'DIGIT5',
    group: 'position',
    market: 'position_big_small',
    rule: single({ kind: 'option', options: BIG_SMALL }, BIG_SMALL.length, DIGIT5_POSITIONS),
    settle: { kind: 'position_big_small' },
    oddsBp: 19_400,
    rtpBp: 9700,
  },
  {
    code: 'position_odd_even',
    format: 'DIGIT5',
    group: 'position',
    market: 'position_odd_even',
    rule: single({ kind: 'option', options: ODD_EVEN }, ODD_EVEN.length, DIGIT5_POSITIONS),
    settle: { kind: 'position_odd_even' },
    oddsBp: 19_400,
    rtpBp: 9700,
  },
  {
    code: 'sum_big_small',
    format: 'DIGIT5',
    group: 'sum',
    market: 'sum_big_small',
    rule: single({ kind: 'option', options: BIG_SMALL }, BIG_SMALL.length),
    settle: { kind: 'sum_big_small', bigFrom: DIGIT5_SUM_BIG_FROM },
    oddsBp: 19_400,
    rtpBp: 9700,
  },
  {
    code: 'sum_odd_even',
    format: 'DIGIT5',
    group: 'sum',
    market: 'sum_odd_even',
    rule: single({ kind: 'option', options: ODD_EVEN }, ODD_EVEN.length),
    settle: { kind: 'sum_odd_even' },
    oddsBp: 19_400,
    rtpBp: 9700,
  },
  {
    code: 'dragon_tiger',
    format: 'DIGIT5',
    group: 'dragon_tiger',
    market: 'dragon_tiger',
    rule: single({ kind: 'option', options: ['dragon', 'tiger', 'tie'] }, 3),
    settle: { kind: 'dragon_tiger' },
    tie: 'push',
    oddsBp: 19_300,
    rtpBp: 9685,
    byPick: { tie: { oddsBp: 97_000, rtpBp: 9700 } },
  },
];

/** Sic bo style totals: 216 outcomes, ways = how many give each total. */
const DICE_SUM_ODDS: Readonly<Record<string, PickOdds>> = {
  '3': { oddsBp: 2_050_000, rtpBp: 9491 },
  '4': { oddsBp: 680_000, rtpBp: 9444 },
  '5': { oddsBp: 340_000, rtpBp: 9444 },
  '6': { oddsBp: 205_000, rtpBp: 9491 },
  '7': { oddsBp: 136_000, rtpBp: 9444 },
  '8': { oddsBp: 97_000, rtpBp: 9431 },
  '9': { oddsBp: 82_000, rtpBp: 9491 },
  '10': { oddsBp: 76_000, rtpBp: 9500 },
  '11': { oddsBp: 76_000, rtpBp: 9500 },
  '12': { oddsBp: 82_000, rtpBp: 9491 },
  '13': { oddsBp: 97_000, rtpBp: 9431 },
  '14': { oddsBp: 136_000, rtpBp: 9444 },
  '15': { oddsBp: 205_000, rtpBp: 9491 },
  '16': { oddsBp: 340_000, rtpBp: 9444 },
  '17': { oddsBp: 680_000, rtpBp: 9444 },
  '18': { oddsBp: 2_050_000, rtpBp: 9491 },
};

const DICE3_BET_TYPES: BetType[] = [
  {
    code: 'sum',
    format: 'DICE3',
    group: 'sum',
    market: 'sum',
    rule: single({ kind: 'option', options: DICE_TOTALS }, DICE_TOTALS.length),
    settle: { kind: 'dice_sum' },
    // Every total has its own odds (byPick); the headline is the lowest return (totals 8, 13).
    oddsBp: 97_000,
    rtpBp: 9431,
    byPick: DICE_SUM_ODDS,
  },
  {
    code: 'big_small',
    format: 'DICE3',
    group: 'big_small',
    market: 'big_small',
    rule: single({ kind: 'option', options: BIG_SMALL }, BIG_SMALL.length),
    settle: { kind: 'dice_big_small' },
    oddsBp: 19_600,
    rtpBp: 9528,
  },
  {
    code: 'triple',
    format: 'DICE3',
    group: 'triple',
    market: 'triple',
    rule: single({ kind: 'option', options: FACES }, FACES.length),
    settle: { kind: 'dice_triple' },
    oddsBp: 2_050_000,
    rtpBp: 9491,
  },
  {
    code: 'any_triple',
    format: 'DICE3',
    group: 'triple',
    market: 'any_triple',
    rule: single({ kind: 'option', options: ['any'] }, 1),
    settle: { kind: 'dice_any_triple' },
    oddsBp: 340_000,
    rtpBp: 9444,
  },
  {
    code: 'pair',
    format: 'DICE3',
    group: 'pair',
    market: 'pair',
    rule: single({ kind: 'option', options: FACES }, FACES.length),
    settle: { kind: 'dice_pair' },
    oddsBp: 128_000,
    rtpBp: 9481,
  },
  {
    code: 'single',
    format: 'DICE3',
    group: 'single',
    market: 'single',
    rule: single({ kind: 'option', options: FACES }, FACES.length),
    settle: { kind: 'dice_single' },
    oddsBp: 19_000,
    rtpBp: 9500,
  },
];

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
