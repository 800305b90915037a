import type { LotteryFormatCode } from '../formats';

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
