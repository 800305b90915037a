import { describe, expect, it } from 'vitest';
import { DICE3, DIGIT5, VN_NORTH } from './formats';
import { digitCountsOf, digitTrend, trendNumberOf } from './trend';

describe('digit trend', () => {
  const newestFirst = [
    { digits: [...'12345'] },
    { digits: [...'10000'] },
    { digits: [...'90000'] },
  ];

  it('counts frequency, current and longest missing per position', () => {
    const [first, last] = [digitTrend(DIGIT5, newestFirst)[0], digitTrend(DIGIT5, newestFirst)[4]];
    expect(first?.frequency).toEqual([0, 2, 0, 0, 0, 0, 0, 0, 0, 1]);
    // 1 came up in the newest draw; 9 two draws ago; 5 never in three draws.
    expect(first?.missing[1]).toBe(0);
    expect(first?.missing[9]).toBe(2);
    expect(first?.missing[5]).toBe(3);
    expect(first?.maxMissing[9]).toBe(2);
    expect(first?.maxMissing[1]).toBe(1);
    expect(last?.frequency[0]).toBe(2);
    expect(last?.missing[0]).toBe(1);
  });

  it('follows the special prize for VN and the dice faces for DICE3', () => {
    const north = { special: ['04527'] } as const;
    expect(trendNumberOf(VN_NORTH, north)).toBe('04527');
    expect(digitTrend(VN_NORTH, [north])).toHaveLength(5);
    const trend = digitTrend(DICE3, [{ dice: ['6', '6', '1'] }]);
    expect(trend).toHaveLength(3);
    expect(trend[0]?.minDigit).toBe(1);
    expect(trend[0]?.frequency).toEqual([0, 0, 0, 0, 0, 1]);
  });

  it('is empty of counts for no results', () => {
    expect(digitTrend(DIGIT5, [])[0]?.missing).toEqual(new Array(10).fill(0));
  });

  it('counts digits over whole results for the uniformity check', () => {
    expect(digitCountsOf(DIGIT5, newestFirst)).toEqual([8, 2, 1, 1, 1, 1, 0, 0, 0, 1]);
    expect(digitCountsOf(DICE3, [{ dice: ['1', '6', '6'] }])).toEqual([1, 0, 0, 0, 0, 2]);
    expect(digitCountsOf(VN_NORTH, [{ special: ['00001'], seventh: ['99'] }])).toEqual([
      4, 1, 0, 0, 0, 0, 0, 0, 0, 2,
    ]);
  });
});
