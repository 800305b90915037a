import { describe, expect, it } from 'vitest';
import { stakeProfileSchema } from './stake-profile-schema.js';
import {
  DEFAULT_STAKE_PROFILES,
  defaultStakeProfileOf,
  formatChipAmount,
  pvpRoomStakesOf,
  stakeProfileOf,
} from './stake-profiles.js';

describe('stake profiles per currency', () => {
  it('every default profile is valid: min <= first <= max, chips and quick amounts within', () => {
    for (const [currency, profile] of Object.entries(DEFAULT_STAKE_PROFILES)) {
      expect(stakeProfileSchema.safeParse(profile).success, currency).toBe(true);
      expect(profile.minStakeMinor).toBeLessThanOrEqual(profile.defaultStakeMinor);
      expect(profile.defaultStakeMinor).toBeLessThanOrEqual(profile.maxStakeMinor);
      for (const amount of [...profile.chipsMinor, ...profile.quickAmountsMinor]) {
        expect(amount).toBeGreaterThanOrEqual(profile.minStakeMinor);
        expect(amount).toBeLessThanOrEqual(profile.maxStakeMinor);
      }
    }
  });

  it('VND runs from 1,000 ₫ to tens of millions; an unknown currency is dollar-like', () => {
    const vnd = defaultStakeProfileOf('VND');
    expect(vnd.minStakeMinor).toBe(100_000);
    expect(vnd.maxStakeMinor).toBeGreaterThanOrEqual(1_000_000_000);
    expect(defaultStakeProfileOf('XYZ')).toEqual(defaultStakeProfileOf('USD'));
  });

  it("a merchant's own fields win, and the first stake and chips stay within its range", () => {
    const profile = stakeProfileOf('VND', {
      VND: { minStakeMinor: 1_000_000, maxStakeMinor: 5_000_000 },
    });
    expect(profile.defaultStakeMinor).toBe(1_000_000);
    expect(profile.chipsMinor).toEqual([1_000_000, 5_000_000]);
    expect(stakeProfileOf('USD', { VND: { minStakeMinor: 1 } }).minStakeMinor).toBe(10);
  });

  it('PvP tables: bronze, silver, gold, each ten times the one below', () => {
    const vnd = defaultStakeProfileOf('VND');
    expect(pvpRoomStakesOf(vnd, 'bronze')).toEqual({
      minBetMinor: 100_000,
      maxBetMinor: 10_000_000,
    });
    expect(pvpRoomStakesOf(vnd, 'gold')).toEqual({
      minBetMinor: 10_000_000,
      maxBetMinor: 1_000_000_000,
    });
  });

  it('labels chips shortly: whole amounts without decimals', () => {
    expect(formatChipAmount(10_000)).toBe('10,000');
    expect(formatChipAmount(0.5)).toBe('0.50');
  });
});
