import { describe, expect, it } from 'vitest';
import {
  dropPlinko,
  isPlinkoBetAllowed,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  plinkoBucketChances,
  plinkoExactRtp,
  plinkoPayoutMinor,
  plinkoRisks,
  plinkoTable,
} from './plinko';

const sequence = (values: number[]) => {
  let i = 0;
  return { next: () => values[i++ % values.length] as number };
};

const everyBet = plinkoRisks.flatMap((risk) =>
  Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => ({
    rows: PLINKO_MIN_ROWS + i,
    risk,
  })),
);

describe('plinko tables', () => {
  it.each(everyBet)('$rows rows $risk: exact RTP 99 % within 0.1 pp, symmetric', (bet) => {
    const table = plinkoTable(bet);
    expect(table).toHaveLength(bet.rows + 1);
    expect(table).toEqual([...table].reverse());
    const { value } = plinkoExactRtp(bet);
    expect(Math.abs(value - 0.99)).toBeLessThanOrEqual(0.001);
    // The chances of the buckets add up to one.
    expect(plinkoBucketChances(bet.rows).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('refuses rows and risks outside the tables', () => {
    expect(isPlinkoBetAllowed({ rows: 7, risk: 'low' })).toBe(false);
    expect(isPlinkoBetAllowed({ rows: 17, risk: 'high' })).toBe(false);
    expect(isPlinkoBetAllowed({ rows: 8, risk: 'extreme' as 'low' })).toBe(false);
    expect(() => dropPlinko(sequence([0]), { rows: 7, risk: 'low' })).toThrow();
  });
});

describe('plinko drops', () => {
  it.each(everyBet)(
    '$rows rows $risk: every bucket is reachable and pays its multiplier',
    (bet) => {
      const table = plinkoTable(bet);
      for (let bucket = 0; bucket <= bet.rows; bucket++) {
        // `bucket` rights first, then lefts.
        const floats = Array.from({ length: bet.rows }, (_, row) => (row < bucket ? 0.5 : 0.4999));
        const outcome = dropPlinko(sequence(floats), bet);
        expect(outcome.bucket).toBe(bucket);
        expect(outcome.path).toHaveLength(bet.rows);
        expect(outcome.multiplierHundredths).toBe(table[bucket]);
      }
    },
  );

  it('pays exact minor units, rounded down', () => {
    expect(plinkoPayoutMinor(100n, 560)).toBe(560n);
    expect(plinkoPayoutMinor(3n, 17)).toBe(0n);
    expect(plinkoPayoutMinor(1000n, 99_000)).toBe(990_000n);
  });
});
