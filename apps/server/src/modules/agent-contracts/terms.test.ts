import { describe, expect, it } from 'vitest';
import { applyRate, dividendRateBps, type StoredTerms, withinUplineTerms } from './terms.js';

const salary = (tiers: Array<[number, number]>): StoredTerms => ({
  kind: 'daily',
  tiers: tiers.map(([bet, rateBps]) => ({ betMinor: BigInt(bet), rateBps })),
});

describe('contract terms', () => {
  it('keeps a downline within the upline at every bet amount', () => {
    const upline = salary([
      [0, 100],
      [100_000, 200],
    ]);
    expect(withinUplineTerms(salary([[0, 100]]), upline)).toBe(true);
    expect(withinUplineTerms(salary([[100_000, 200]]), upline)).toBe(true);
    // 1.5 % from 50,000 is above the upline's 1 % there, though below its top tier.
    expect(withinUplineTerms(salary([[50_000, 150]]), upline)).toBe(false);
    expect(withinUplineTerms(salary([[0, 101]]), upline)).toBe(false);
  });

  it('picks the highest dividend tier whose three bars are met', () => {
    const tiers = [
      { validBetMinor: 0n, profitLossMinor: 0n, activeMembers: 1, rateBps: 1_000 },
      { validBetMinor: 1_000n, profitLossMinor: 500n, activeMembers: 3, rateBps: 2_000 },
    ];
    expect(
      dividendRateBps(tiers, { validBetMinor: 5_000n, profitLossMinor: 600n, activeMembers: 2 }),
    ).toBe(1_000);
    expect(
      dividendRateBps(tiers, { validBetMinor: 5_000n, profitLossMinor: 600n, activeMembers: 3 }),
    ).toBe(2_000);
    expect(
      dividendRateBps(tiers, { validBetMinor: 5_000n, profitLossMinor: 600n, activeMembers: 0 }),
    ).toBe(0);
  });

  it('rounds pay down to the minor unit', () => {
    expect(applyRate(12_345n, 150)).toBe(185n);
    expect(applyRate(-5n, 150)).toBe(0n);
  });
});
