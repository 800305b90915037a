import { describe, expect, it } from 'vitest';
import { pointsEarned, ruleFor } from './earn.js';

const rules = [
  { gameCategory: '*', unitMinor: 100n, pointsPerUnit: 1n },
  { gameCategory: 'LOTT', unitMinor: 1_000n, pointsPerUnit: 3n },
];

describe('points earned from valid bets', () => {
  it('uses the category rule, else the merchant default', () => {
    expect(ruleFor(rules, 'LOTT')?.pointsPerUnit).toBe(3n);
    expect(ruleFor(rules, 'RNG')?.gameCategory).toBe('*');
    expect(ruleFor([], 'RNG')).toBeUndefined();
  });

  it('rounds down per round and never earns from nothing', () => {
    expect(pointsEarned(250n, ruleFor(rules, 'RNG'))).toBe(2n);
    expect(pointsEarned(2_500n, ruleFor(rules, 'LOTT'))).toBe(7n);
    expect(pointsEarned(99n, ruleFor(rules, 'RNG'))).toBe(0n);
    expect(pointsEarned(0n, ruleFor(rules, 'RNG'))).toBe(0n);
    expect(pointsEarned(500n, undefined)).toBe(0n);
  });
});
