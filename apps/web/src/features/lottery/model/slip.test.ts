import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betCountOf,
  choose,
  combinations,
  type SlipInput,
  type SlipRule,
  summarizeSlip,
} from './slip';

const lo2: SlipRule = { kind: 'numbers', digits: 2, options: [], perBet: 1, positions: 0 };
const xien2: SlipRule = { ...lo2, perBet: 2 };
const position: SlipRule = { kind: 'numbers', digits: 1, options: [], perBet: 1, positions: 5 };
const limits = { minStakePerBet: 1, maxStakePerBet: 1000 };

const slip = (extra: Partial<SlipInput>): SlipInput => ({
  betType: 'LO2',
  rule: lo2,
  selection: ['12', '34', '56'],
  position: null,
  amountPerPoint: 10,
  points: 1,
  ...extra,
});

describe('bet slip', () => {
  it('makes one bet per number and totals amount per point × points over them', () => {
    const summary = summarizeSlip(slip({ points: 3, amountPerPoint: 2.5 }), limits);
    expect(summary.problems).toEqual([]);
    expect(summary.bets).toEqual([
      { betType: 'LO2', numbers: ['12'], amountPerPoint: 2.5, points: 3 },
      { betType: 'LO2', numbers: ['34'], amountPerPoint: 2.5, points: 3 },
      { betType: 'LO2', numbers: ['56'], amountPerPoint: 2.5, points: 3 },
    ]);
    expect(summary.totalAmount).toBe(22.5);
  });

  it('adds cents exactly (0.1 × 3 is 0.30, not 0.30000000000000004)', () => {
    expect(
      summarizeSlip(slip({ amountPerPoint: 0.1 }), { ...limits, minStakePerBet: 0.1 }).totalAmount,
    ).toBe(0.3);
  });

  it('makes a multi-number bet of every combination of the picks (xiên)', () => {
    const summary = summarizeSlip(slip({ betType: 'XIEN2', rule: xien2 }), limits);
    expect(summary.bets.map((bet) => bet.numbers)).toEqual([
      ['12', '34'],
      ['12', '56'],
      ['34', '56'],
    ]);
    expect(summary.totalAmount).toBe(30);
  });

  it('names a position for position bets', () => {
    expect(summarizeSlip(slip({ rule: position, selection: ['7'] }), limits).problems).toEqual([
      'choose_position',
    ]);
    const summary = summarizeSlip(
      slip({ rule: position, selection: ['0', '9'], position: 4 }),
      limits,
    );
    expect(summary.bets.map((bet) => bet.position)).toEqual([4, 4]);
  });

  it.each([
    ['nothing picked', { selection: [] }, 'pick_more'],
    ['one pick for xiên 2', { rule: xien2, selection: ['12'] }, 'pick_more'],
    ['no amount', { amountPerPoint: 0 }, 'amount_invalid'],
    ['three decimals', { amountPerPoint: 1.005 }, 'amount_invalid'],
    ['zero points', { points: 0 }, 'points_invalid'],
    ['fractional points', { points: 1.5 }, 'points_invalid'],
    ['below the minimum stake', { amountPerPoint: 0.5 }, 'stake_too_small'],
    ['above the maximum stake', { amountPerPoint: 600, points: 2 }, 'stake_too_large'],
  ] as const)('refuses %s', (_label, extra, problem) => {
    const summary = summarizeSlip(slip(extra as Partial<SlipInput>), limits);
    expect(summary.problems).toContain(problem);
    expect(summary.bets).toEqual([]);
  });

  it('refuses more bets than a slip holds, still showing what they would cost', () => {
    const selection = Array.from({ length: 15 }, (_, index) => String(index).padStart(2, '0'));
    const summary = summarizeSlip(slip({ rule: xien2, selection }), limits);
    expect(summary.betCount).toBe(105);
    expect(summary.problems).toEqual(['too_many_bets']);
    expect(summary.totalAmount).toBe(1050);
  });

  it('counts combinations like n choose k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 4 }), (n, k) => {
        const items = Array.from({ length: n }, (_, index) => index);
        const made = combinations(items, k, 10_000);
        expect(made).toHaveLength(choose(n, k));
        expect(new Set(made.map((combo) => combo.join())).size).toBe(made.length);
        expect(betCountOf({ ...lo2, perBet: k }, n)).toBe(k === 1 ? n : choose(n, k));
      }),
    );
    expect(combinations([1, 2, 3, 4], 2, 3)).toHaveLength(3);
  });
});
