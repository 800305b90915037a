import { describe, expect, it } from 'vitest';
import {
  commissionAmountMinor,
  commissionRatesBps,
  type StoredTerms,
  termsFromJson,
  termsToJson,
  toApiTerms,
  toStoredTerms,
  withinUplineTerms,
} from './terms.js';

type Tier = [validBetMinor: number, rateBps: number, lotteryBps?: number];

const commission = (...tiers: Tier[]): StoredTerms => ({
  kind: 'commission',
  tiers: tiers.map(([validBet, rateBps, lotteryBps]) => ({
    validBetMinor: BigInt(validBet),
    rateBps,
    categoryRatesBps: lotteryBps === undefined ? {} : { LOTT: lotteryBps },
  })),
});

const tiersOf = (terms: StoredTerms) => (terms.kind === 'commission' ? terms.tiers : []);

describe('commission terms', () => {
  const upline = commission([0, 100, 50], [500_000, 150, 80]);

  it('applies the highest tier reached to the whole volume, per category', () => {
    const low = commissionRatesBps(tiersOf(upline), 499_999n);
    expect([low.baseBps, low.categoryBps.LOTT, low.categoryBps.RNG]).toEqual([100, 50, 100]);
    const high = commissionRatesBps(tiersOf(upline), 500_000n);
    expect([high.baseBps, high.categoryBps.LOTT, high.categoryBps.RNG]).toEqual([150, 80, 150]);
    // Below every tier's start nothing is paid.
    expect(commissionRatesBps(tiersOf(commission([1_000, 100])), 999n).baseBps).toBe(0);
  });

  it('pays each category at its rate and the uncategorised rest at the base rate', () => {
    const rates = commissionRatesBps(tiersOf(upline), 600_000n);
    const byCategory = new Map([
      ['RNG', 300_000n],
      ['LOTT', 200_000n],
    ]);
    // 1.5 % of 3,000.00 + 0.8 % of 2,000.00 + 1.5 % of the 1,000.00 with no category.
    expect(commissionAmountMinor(rates, 600_000n, byCategory)).toBe(4_500n + 1_600n + 1_500n);
    // Each part is rounded down on its own: 1.5 % of 0.99 is 0.
    expect(commissionAmountMinor(rates, 99n, new Map())).toBe(1n);
  });

  it('keeps a downline within the upline at every volume and in every category', () => {
    expect(withinUplineTerms(commission([0, 100, 50]), upline)).toBe(true);
    expect(withinUplineTerms(commission([0, 80, 40], [500_000, 150, 80]), upline)).toBe(true);
    // Above the base rate, above the lottery rate, or the higher tier starting too early.
    expect(withinUplineTerms(commission([0, 101, 50]), upline)).toBe(false);
    expect(withinUplineTerms(commission([0, 100, 51]), upline)).toBe(false);
    expect(withinUplineTerms(commission([0, 80, 40], [400_000, 150, 80]), upline)).toBe(false);
    // No lottery rate of its own: the base rate applies to the lottery too, above the upline's.
    expect(withinUplineTerms(commission([0, 100]), upline)).toBe(false);
    expect(withinUplineTerms(commission([0, 50]), upline)).toBe(true);
  });

  it('stores percent as basis points and reads back the same terms', () => {
    const api = { tiers: [{ validBet: 1_000, rate: 1.25, categoryRates: { LOTT: 0.5 } }] };
    const stored = toStoredTerms('commission', api);
    expect(stored).toEqual(commission([100_000, 125, 50]));
    expect(toApiTerms(termsFromJson(termsToJson(stored)))).toEqual(api);
    expect(toApiTerms(commission([0, 100]))).toEqual({ tiers: [{ validBet: 0, rate: 1 }] });
  });
});
