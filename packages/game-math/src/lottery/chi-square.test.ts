import { describe, expect, it } from 'vitest';
import { chiSquarePValue, chiSquareUniformity } from './chi-square';

describe('chi-square', () => {
  it.each([
    [1, 3.841],
    [5, 11.07],
    [9, 16.919],
    [99, 123.225],
    [999, 1073.643],
  ])('critical value at 5 %% for %i degrees of freedom is %f', (df, critical) => {
    const counts = new Array<number>(df + 1).fill(10);
    expect(chiSquareUniformity(counts).critical95).toBeCloseTo(critical, 2);
  });

  it('gives known p-values', () => {
    expect(chiSquarePValue(0, 9)).toBe(1);
    expect(chiSquarePValue(16.919, 9)).toBeCloseTo(0.05, 4);
    expect(chiSquarePValue(21.666, 9)).toBeCloseTo(0.01, 4);
    expect(chiSquarePValue(2.706, 1)).toBeCloseTo(0.1, 3);
  });

  it('scores perfect and skewed counts', () => {
    const even = chiSquareUniformity([100, 100, 100, 100]);
    expect(even).toMatchObject({ statistic: 0, degreesOfFreedom: 3, pValue: 1 });
    const skewed = chiSquareUniformity([400, 0, 0, 0]);
    expect(skewed.statistic).toBe(1200);
    expect(skewed.pValue).toBeLessThan(1e-100);
  });

  it('refuses empty input', () => {
    expect(() => chiSquareUniformity([5])).toThrow();
    expect(() => chiSquareUniformity([0, 0])).toThrow();
  });
});
