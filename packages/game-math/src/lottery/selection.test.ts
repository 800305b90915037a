import { describe, expect, it } from 'vitest';
import { betTypeOf, MAX_COMBINATIONS_PER_BET } from './bet-types';
import type { LotteryFormatCode } from './formats';
import { liabilityOf, worstPayoutBp } from './liability';
import { payoutMinorOf, stakeMinorOf } from './money';
import {
  choose,
  combinations,
  type LotterySelection,
  pointsOf,
  validateSelection,
} from './selection';

const typeOf = (format: LotteryFormatCode, code: string) => {
  const betType = betTypeOf(format, code);
  if (!betType) throw new Error(`${format} ${code}`);
  return betType;
};

describe('validateSelection', () => {
  const cases: [LotteryFormatCode, string, LotterySelection, string | number][] = [
    ['VN_NORTH', 'lo2', { picks: ['00'] }, 1],
    ['VN_NORTH', 'lo2', { picks: ['27', '99', '05'] }, 3],
    ['VN_NORTH', 'lo2', { picks: [] }, 'too_few_picks'],
    ['VN_NORTH', 'lo2', { picks: ['7'] }, 'bad_pick'],
    ['VN_NORTH', 'lo2', { picks: ['100'] }, 'bad_pick'],
    ['VN_NORTH', 'lo2', { picks: ['2a'] }, 'bad_pick'],
    ['VN_NORTH', 'lo2', { picks: ['-1'] }, 'bad_pick'],
    ['VN_NORTH', 'lo2', { picks: ['27', '27'] }, 'duplicate_pick'],
    ['VN_NORTH', 'lo2', { position: 0, picks: ['27'] }, 'position_not_allowed'],
    [
      'VN_NORTH',
      'lo2',
      { picks: Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')) },
      100,
    ],
    ['VN_NORTH', 'lo3', { picks: ['000', '999'] }, 2],
    ['VN_NORTH', 'de_head', { picks: ['0', '9'] }, 2],
    ['VN_NORTH', 'de_head', { picks: ['10'] }, 'bad_pick'],
    ['VN_NORTH', 'xien2', { picks: ['27'] }, 'too_few_picks'],
    ['VN_NORTH', 'xien2', { picks: ['27', '00'] }, 1],
    ['VN_NORTH', 'xien2', { picks: ['27', '00', '99', '05'] }, 6],
    ['VN_NORTH', 'xien4', { picks: ['01', '02', '03', '04', '05'] }, 5],
    [
      'VN_NORTH',
      'xien4',
      { picks: Array.from({ length: 13 }, (_, i) => String(i).padStart(2, '0')) },
      'too_many_picks',
    ],
    [
      'VN_NORTH',
      'lo_truot10',
      { picks: Array.from({ length: 12 }, (_, i) => String(i).padStart(2, '0')) },
      66,
    ],
    [
      'VN_NORTH',
      'lo_truot8',
      { picks: ['01', '02', '03', '04', '05', '06', '07'] },
      'too_few_picks',
    ],
    ['THAI', 'tote3', { picks: ['123'] }, 1],
    ['THAI', 'tote3', { picks: ['112'] }, 'digits_not_distinct'],
    ['THAI', 'tote3', { picks: ['000'] }, 'digits_not_distinct'],
    ['THAI', 'top3', { picks: ['000'] }, 1],
    ['DIGIT5', 'position_digit', { picks: ['3'] }, 'position_required'],
    ['DIGIT5', 'position_digit', { position: 5, picks: ['3'] }, 'bad_position'],
    ['DIGIT5', 'position_digit', { position: 1.5, picks: ['3'] }, 'bad_position'],
    ['DIGIT5', 'position_digit', { position: 4, picks: ['3', '4'] }, 2],
    ['DIGIT5', 'position_big_small', { position: 0, picks: ['huge'] }, 'bad_pick'],
    ['DIGIT5', 'dragon_tiger', { picks: ['dragon', 'tie'] }, 2],
    ['DICE3', 'sum', { picks: ['3', '18'] }, 2],
    ['DICE3', 'sum', { picks: ['2'] }, 'bad_pick'],
    ['DICE3', 'sum', { picks: ['19'] }, 'bad_pick'],
    ['DICE3', 'triple', { picks: ['0'] }, 'bad_pick'],
    ['DICE3', 'any_triple', { picks: ['any'] }, 1],
    ['DICE3', 'big_small', { picks: ['big', 'small', 'big'] }, 'too_many_picks'],
  ];
  it.each(cases)('%s %s %j -> %s', (format, code, selection, expected) => {
    const check = validateSelection(typeOf(format, code), selection);
    if (typeof expected === 'number') expect(check).toEqual({ ok: true, points: expected });
    else expect(check).toMatchObject({ ok: false, reason: expected });
  });

  it('names the pick that is wrong', () => {
    expect(validateSelection(typeOf('VN_NORTH', 'lo2'), { picks: ['27', 'x'] })).toEqual({
      ok: false,
      reason: 'bad_pick',
      pick: 'x',
    });
  });

  it('never lets a line exceed the combination cap', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => String(i).padStart(2, '0'));
    for (const code of ['xien2', 'xien3', 'xien4', 'lo_truot4', 'lo_truot8', 'lo_truot10']) {
      expect(pointsOf(typeOf('VN_SOUTH', code), { picks: twelve })).toBeLessThanOrEqual(
        MAX_COMBINATIONS_PER_BET,
      );
    }
  });
});

describe('combinations', () => {
  it('lists every k-subset once in pick order', () => {
    const xien3 = typeOf('VN_NORTH', 'xien3');
    expect(
      combinations(xien3, { picks: ['01', '02', '03', '04'] }).map((c) => c.picks.join('-')),
    ).toEqual(['01-02-03', '01-02-04', '01-03-04', '02-03-04']);
    expect(
      combinations(typeOf('DIGIT5', 'position_digit'), { position: 2, picks: ['1', '2'] }),
    ).toEqual([
      { position: 2, picks: ['1'] },
      { position: 2, picks: ['2'] },
    ]);
  });

  it('agrees with choose()', () => {
    const xien2 = typeOf('VN_NORTH', 'xien2');
    for (let n = 2; n <= 12; n++) {
      const picks = Array.from({ length: n }, (_, i) => String(i).padStart(2, '0'));
      expect(combinations(xien2, { picks })).toHaveLength(choose(n, 2));
    }
    expect(choose(12, 6)).toBe(924);
    expect(choose(3, 4)).toBe(0);
  });
});

describe('liabilityOf', () => {
  it('puts lô on each number with the times it can appear', () => {
    const lo2 = typeOf('VN_NORTH', 'lo2');
    expect(liabilityOf(lo2, { picks: ['27', '00'] })).toEqual([
      { key: 'lo2:27', payoutBp: lo2.oddsBp, maxHits: 27 },
      { key: 'lo2:00', payoutBp: lo2.oddsBp, maxHits: 27 },
    ]);
    expect(liabilityOf(typeOf('VN_SOUTH', 'lo2'), { picks: ['27'] })[0]?.maxHits).toBe(18);
    expect(liabilityOf(typeOf('VN_NORTH', 'lo3'), { picks: ['123'] })[0]?.maxHits).toBe(23);
    expect(liabilityOf(typeOf('THAI', 'last3'), { picks: ['123'] })[0]?.maxHits).toBe(2);
    expect(liabilityOf(typeOf('DICE3', 'single'), { picks: ['6'] })[0]?.maxHits).toBe(3);
  });

  it('puts a whole xiên payout on each of its numbers, summed over the combinations', () => {
    const xien2 = typeOf('VN_NORTH', 'xien2');
    const items = liabilityOf(xien2, { picks: ['01', '02', '03'] });
    // Each number is in two of the three pairs.
    expect(items).toEqual(
      ['01', '02', '03'].map((n) => ({ key: `lo2:${n}`, payoutBp: 2 * xien2.oddsBp, maxHits: 1 })),
    );
  });

  it('keys per-position bets by position and per-pick odds by pick', () => {
    expect(
      liabilityOf(typeOf('DIGIT5', 'position_digit'), { position: 3, picks: ['7'] })[0]?.key,
    ).toBe('position_digit:3:7');
    const sum = typeOf('DICE3', 'sum');
    const [three, ten] = liabilityOf(sum, { picks: ['3', '10'] });
    expect(three).toEqual({ key: 'sum:3', payoutBp: sum.byPick?.['3']?.oddsBp, maxHits: 1 });
    expect(ten?.payoutBp).toBe(sum.byPick?.['10']?.oddsBp);
    expect(worstPayoutBp({ key: 'lo2:27', payoutBp: 35_000, maxHits: 27 })).toBe(945_000);
  });
});

describe('money', () => {
  it('stays integer and rounds payouts down', () => {
    expect(stakeMinorOf(1_000n, 6)).toBe(6_000n);
    expect(payoutMinorOf(1_000n, 35_000)).toBe(3_500n);
    expect(payoutMinorOf(3n, 19_300)).toBe(5n);
    expect(payoutMinorOf(10n ** 15n, 171_100_000)).toBe(17_110_000_000_000_000_000n);
    expect(payoutMinorOf(7n, 0)).toBe(0n);
    expect(() => payoutMinorOf(1n, -1)).toThrow();
  });
});
