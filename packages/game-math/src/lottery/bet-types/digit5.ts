import { BIG_SMALL, DIGITS, ODD_EVEN, single } from './selection-helpers';
import type { BetType } from './types';

const DIGIT5_POSITIONS = 5;
/** DIGIT5 sums run 0-45: 23 and above is big, so big and small are equally likely. */
const DIGIT5_SUM_BIG_FROM = 23;

export const DIGIT5_BET_TYPES: BetType[] = [
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
