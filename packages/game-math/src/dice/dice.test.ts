import { describe, expect, it } from 'vitest';
import { simulationRandomSource } from '../fair/random-source';
import { scaledPayoutMinor } from '../inhouse-multiplier';
import {
  DICE_OUTCOMES,
  type DiceBet,
  diceExactRtp,
  diceMultiplierScaled,
  diceTargetRange,
  diceWinOutcomes,
  isDiceBetAllowed,
  rollDice,
} from './dice';
import { diceBetOf } from './dice-params';

const fixed = (value: number) => ({ next: () => value });

describe('dice targets and multipliers', () => {
  it.each([
    // target, direction, winning rolls, multiplier (ten-thousandths)
    [0.01, 'under', 1, 99_000_000],
    [98.0, 'under', 9800, 10_102],
    [50.0, 'under', 5000, 19_800],
    [1.99, 'over', 9800, 10_102],
    [99.98, 'over', 1, 99_000_000],
    [49.99, 'over', 5000, 19_800],
    [90.0, 'over', 999, 99_099],
  ] as const)('%s %s wins on %s rolls and pays %s', (target, direction, wins, multiplier) => {
    const bet = diceBetOf({ stake: 1, target, direction });
    expect(isDiceBetAllowed(bet)).toBe(true);
    expect(diceWinOutcomes(bet)).toBe(wins);
    expect(diceMultiplierScaled(bet)).toBe(multiplier);
  });

  it.each([
    [0, 'under'],
    [98.01, 'under'],
    [1.98, 'over'],
    [99.99, 'over'],
    [50.005, 'under'],
  ] as const)('refuses target %s %s (outside 0.01 %%..98 %% chance)', (target, direction) => {
    const bet: DiceBet = { targetHundredths: target * 100, direction };
    expect(isDiceBetAllowed(bet)).toBe(false);
    expect(() => rollDice(fixed(0.5), bet)).toThrow();
  });

  it('returns at most 99 % and at least 98.99 % at every allowed target', () => {
    for (const direction of ['over', 'under'] as const) {
      const { min, max } = diceTargetRange(direction);
      for (let targetHundredths = min; targetHundredths <= max; targetHundredths++) {
        const rtp = diceExactRtp({ targetHundredths, direction });
        expect(rtp).toBeLessThanOrEqual(0.99);
        expect(rtp).toBeGreaterThan(0.9899);
      }
    }
  });
});

describe('dice rolls', () => {
  it('reads the roll from one float: 0 is 0.00 and the largest float is 99.99', () => {
    const bet = { targetHundredths: 5000, direction: 'under' } as const;
    expect(rollDice(fixed(0), bet)).toEqual({
      rollHundredths: 0,
      won: true,
      multiplierScaled: 19_800,
    });
    expect(rollDice(fixed(1 - 2 ** -32), bet).rollHundredths).toBe(DICE_OUTCOMES - 1);
  });

  it('wins strictly over or under the target (a roll equal to it loses)', () => {
    expect(rollDice(fixed(0.5), { targetHundredths: 5000, direction: 'under' }).won).toBe(false);
    expect(rollDice(fixed(0.5), { targetHundredths: 5000, direction: 'over' }).won).toBe(false);
    expect(rollDice(fixed(0.5001), { targetHundredths: 5000, direction: 'over' }).won).toBe(true);
    expect(rollDice(fixed(0.4999), { targetHundredths: 5000, direction: 'under' })).toEqual({
      rollHundredths: 4999,
      won: true,
      multiplierScaled: 19_800,
    });
  });

  it('pays exact minor units, rounded down', () => {
    expect(scaledPayoutMinor(100n, 19_800)).toBe(198n);
    expect(scaledPayoutMinor(333n, 99_099)).toBe(3299n);
    expect(scaledPayoutMinor(1n, 10_102)).toBe(1n);
  });

  it('over a million simulated rolls returns about 99 %', () => {
    const source = simulationRandomSource(7);
    const bet = { targetHundredths: 5000, direction: 'under' } as const;
    let paid = 0;
    const rounds = 200_000;
    for (let i = 0; i < rounds; i++) paid += rollDice(source, bet).multiplierScaled;
    expect(paid / rounds / 10_000).toBeCloseTo(0.99, 1);
  });
});
