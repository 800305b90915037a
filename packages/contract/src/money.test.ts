import { describe, expect, it } from 'vitest';
import { amountToMinor, formatAmount, minorToAmount } from './money.js';

describe('money', () => {
  it('converts minor units to amounts and back', () => {
    expect(minorToAmount(0n)).toBe(0);
    expect(minorToAmount(123_456n)).toBe(1234.56);
    expect(minorToAmount(-5n)).toBe(-0.05);
    expect(amountToMinor(1234.56)).toBe(123_456n);
    expect(amountToMinor(0.1 + 0.2)).toBe(30n);
    for (const minor of [1n, 99n, 100n, 1_000_001n, 9_007_199_254_740n]) {
      expect(amountToMinor(minorToAmount(minor))).toBe(minor);
    }
  });

  it('refuses amounts with more than two decimals or beyond safe integers', () => {
    expect(() => amountToMinor(1.005)).toThrow(RangeError);
    expect(() => amountToMinor(Number.NaN)).toThrow(RangeError);
    expect(() => amountToMinor(1e20)).toThrow(RangeError);
  });

  it('shows two decimals and comma thousands', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(1234567.5)).toBe('1,234,567.50');
    expect(formatAmount(-1000)).toBe('-1,000.00');
    expect(formatAmount(999.999)).toBe('1,000.00');
  });
});
