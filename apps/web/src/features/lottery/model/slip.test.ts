import { betTypeOf } from '@app/game-math/lottery/index';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betsOfLine,
  choose,
  lineProblem,
  parseAmountText,
  type SlipLine,
  summarizeSlip,
} from './slip';
import { slipRuleOf } from './slip-rules';

const ruleOf = (format: Parameters<typeof betTypeOf>[0], code: string) => {
  const betType = betTypeOf(format, code);
  if (!betType) throw new Error(`no bet type ${format} ${code}`);
  return slipRuleOf(betType);
};
const line = (format: Parameters<typeof betTypeOf>[0], code: string, extra: Partial<SlipLine>) => ({
  betType: code,
  rule: ruleOf(format, code),
  picks: [],
  position: null,
  ...extra,
});
const limits = { minStakePerBet: 1, maxStakePerBet: 1000 };
const lo2 = line('VN_NORTH', 'lo2', { picks: ['12', '34', '56'] });

describe('bet slip', () => {
  it('sends a lô line as one bet of its numbers, one point each', () => {
    const summary = summarizeSlip([lo2], 2.5, limits);
    expect(summary.problems).toEqual([]);
    expect(summary.bets).toEqual([
      { betType: 'lo2', numbers: ['12', '34', '56'], amountPerPoint: 2.5, points: 3 },
    ]);
    expect(summary.totalAmount).toBe(7.5);
  });

  it('totals several lines exactly (0.10 × 3 is 0.30)', () => {
    const de = line('VN_NORTH', 'de', { picks: ['00', '99'] });
    const summary = summarizeSlip([lo2, de], 0.1, { ...limits, minStakePerBet: 0.1 });
    expect(summary.points).toBe(5);
    expect(summary.totalAmount).toBe(0.5);
    expect(summarizeSlip([lo2], 0.1, { ...limits, minStakePerBet: 0.1 }).totalAmount).toBe(0.3);
  });

  it('counts a xiên line as its combinations', () => {
    const xien2 = line('VN_NORTH', 'xien2', { picks: ['01', '02', '03', '04'] });
    const [bet] = betsOfLine(xien2, 1);
    expect(bet?.points).toBe(6);
    expect(summarizeSlip([xien2], 1, limits).totalAmount).toBe(6);
  });

  it('cuts a long single-number line into bets of at most 100 numbers', () => {
    const all = Array.from({ length: 250 }, (_, index) => String(index).padStart(3, '0'));
    const bets = betsOfLine(line('VN_NORTH', 'lo3', { picks: all }), 1);
    expect(bets.map((bet) => bet.numbers.length)).toEqual([100, 100, 50]);
    expect(bets.map((bet) => bet.points)).toEqual([100, 100, 50]);
  });

  it('sends the position of position bets', () => {
    const digits = line('DIGIT5', 'position_digit', { picks: ['0', '9'] });
    expect(lineProblem(digits)).toBe('choose_position');
    expect(betsOfLine({ ...digits, position: 4 }, 1)).toEqual([
      { betType: 'position_digit', numbers: ['0', '9'], position: 4, amountPerPoint: 1, points: 2 },
    ]);
  });

  it.each([
    ['no pick', line('VN_NORTH', 'lo2', {}), 'pick_more'],
    ['one pick on xiên 3', line('VN_NORTH', 'xien3', { picks: ['01', '02'] }), 'pick_more'],
    [
      'more picks than xiên allows',
      line('VN_NORTH', 'xien2', {
        picks: Array.from({ length: 13 }, (_, index) => String(index).padStart(2, '0')),
      }),
      'pick_fewer',
    ],
    [
      'a repeated digit on 3 tote',
      line('THAI', 'tote3', { picks: ['112'] }),
      'digits_not_distinct',
    ],
    ['no position', line('DIGIT5', 'position_big_small', { picks: ['big'] }), 'choose_position'],
  ] as const)('a line with %s is refused', (_label, slipLine, problem) => {
    expect(lineProblem(slipLine as SlipLine)).toBe(problem);
  });

  it('accepts lines the maths accepts: edge numbers, options, dice', () => {
    expect(lineProblem(line('VN_NORTH', 'lo2', { picks: ['00', '99'] }))).toBeNull();
    expect(lineProblem(line('THAI', 'tote3', { picks: ['123'] }))).toBeNull();
    expect(lineProblem(line('DICE3', 'sum', { picks: ['3', '18'] }))).toBeNull();
    expect(lineProblem(line('DIGIT5', 'dragon_tiger', { picks: ['tie'] }))).toBeNull();
  });

  it.each([
    ['an empty slip', [], 1, 'empty'],
    ['no amount', [lo2], 0, 'amount_invalid'],
    ['three decimals', [lo2], 1.005, 'amount_invalid'],
    [
      'a stake below the minimum',
      [line('VN_NORTH', 'de', { picks: ['12'] })],
      0.5,
      'stake_too_small',
    ],
    ['a stake above the maximum', [lo2], 400, 'stake_too_large'],
  ] as const)('refuses %s', (_label, lines, amount, problem) => {
    expect(summarizeSlip(lines as readonly SlipLine[], amount, limits).problems).toContain(problem);
  });

  it('counts combinations like n choose k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 4 }), (n, k) => {
        let count = 0;
        const walk = (from: number, left: number) => {
          if (left === 0) {
            count += 1;
            return;
          }
          for (let index = from; index < n; index += 1) walk(index + 1, left - 1);
        };
        walk(0, k);
        expect(choose(n, k)).toBe(count);
      }),
    );
  });
});

describe('amount per point as typed', () => {
  it.each([
    ['1', 1],
    ['2.5', 2.5],
    ['0.01', 0.01],
    ['1,000.50', 1000.5],
    [' 7. ', 7],
    ['0', null],
    ['', null],
    ['1.005', null],
    ['-1', null],
    ['1e3', null],
    ['abc', null],
  ] as const)('reads %j as %j', (text, amount) => {
    expect(parseAmountText(text)).toBe(amount);
  });
});
