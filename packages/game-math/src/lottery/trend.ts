import type { LotteryFormat, LotteryResult } from './formats';

/**
 * The number a trend chart follows: the special prize for VN, the first prize for THAI, the five
 * digits for DIGIT5 and the three dice for DICE3 (one chart column per digit position).
 */
export function trendNumberOf(format: LotteryFormat, result: LotteryResult): string {
  const prize = format.prizes[0];
  if (!prize) return '';
  const numbers = result[prize.code] ?? [];
  return prize.digits === 1 ? numbers.join('') : (numbers[0] ?? '');
}

/** One position's column of the trend chart, indexed by digit value minus the format's lowest. */
export interface PositionTrend {
  position: number;
  /** The lowest digit value (0, or 1 for dice): index i is digit `minDigit + i`. */
  minDigit: number;
  /** How often each digit came up at this position over the results. */
  frequency: number[];
  /** Draws since each digit last came up (the results' length when it never did). */
  missing: number[];
  /** The longest run of draws each digit went without coming up. */
  maxMissing: number[];
}

/** Per-position digit frequency and missing counts over `results`, newest first. */
export function digitTrend(
  format: LotteryFormat,
  results: readonly LotteryResult[],
): PositionTrend[] {
  const prize = format.prizes[0];
  if (!prize) return [];
  const positions = prize.digits === 1 ? prize.count : prize.digits;
  const values = prize.maxDigit - prize.minDigit + 1;
  const trends: PositionTrend[] = Array.from({ length: positions }, (_, position) => ({
    position,
    minDigit: prize.minDigit,
    frequency: new Array<number>(values).fill(0),
    missing: new Array<number>(values).fill(-1),
    maxMissing: new Array<number>(values).fill(0),
  }));
  const run = trends.map(() => new Array<number>(values).fill(0));
  results.forEach((result, age) => {
    const number = trendNumberOf(format, result);
    trends.forEach((trend, position) => {
      const digit = Number(number[position]) - prize.minDigit;
      const runs = run[position] as number[];
      for (let value = 0; value < values; value++) {
        if (value === digit) {
          trend.frequency[value] = (trend.frequency[value] as number) + 1;
          if (trend.missing[value] === -1) trend.missing[value] = age;
          runs[value] = 0;
        } else {
          runs[value] = (runs[value] as number) + 1;
          trend.maxMissing[value] = Math.max(
            trend.maxMissing[value] as number,
            runs[value] as number,
          );
        }
      }
    });
  });
  for (const trend of trends) {
    trend.missing = trend.missing.map((value) => (value === -1 ? results.length : value));
  }
  return trends;
}

/**
 * How often each digit value appears over every number of the results (index = digit minus the
 * format's lowest digit): the counts `chiSquareUniformity` checks for `bench:lottery`.
 */
export function digitCountsOf(format: LotteryFormat, results: readonly LotteryResult[]): number[] {
  const prize = format.prizes[0];
  const minDigit = prize?.minDigit ?? 0;
  const counts = new Array<number>((prize?.maxDigit ?? 9) - minDigit + 1).fill(0);
  for (const result of results) {
    for (const spec of format.prizes) {
      for (const number of result[spec.code] ?? []) {
        for (const char of number) {
          const index = Number(char) - minDigit;
          counts[index] = (counts[index] ?? 0) + 1;
        }
      }
    }
  }
  return counts;
}
