import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashServerSeed, simulationRandomSource } from '../fair/random-source';
import { chiSquareUniformity } from './chi-square';
import {
  DICE3,
  DIGIT5,
  drawResult,
  type LotteryResult,
  lotteryFormats,
  numberCountOf,
  THAI,
  VN_NORTH,
  VN_SOUTH,
  validateResult,
} from './formats';
import { drawSeededResult } from './seeded-draw';

const SEED = 'f'.repeat(64);
/** 600 seeded North draws: 16,200 numbers, 67,200 digits. */
const UNIFORMITY_DRAWS = 600;
/** The pure-JS HMAC is slow on a shared machine: a generous limit, not a timing assertion. */
const SLOW_TEST_TIMEOUT_MS = 60_000;

describe('formats', () => {
  it('have the prize counts of the real draws', () => {
    expect(numberCountOf(VN_NORTH)).toBe(27);
    expect(numberCountOf(VN_SOUTH)).toBe(18);
    expect(numberCountOf(THAI)).toBe(6);
    expect(numberCountOf(DIGIT5)).toBe(5);
    expect(numberCountOf(DICE3)).toBe(3);
  });

  it.each(Object.values(lotteryFormats))('$code draws a valid result of its shape', (format) => {
    const source = simulationRandomSource(7);
    for (let i = 0; i < 50; i++) {
      const result = drawResult(format, source);
      expect(validateResult(format, result)).toEqual([]);
      for (const prize of format.prizes) {
        expect(result[prize.code]).toHaveLength(prize.count);
        for (const number of result[prize.code] ?? []) expect(number).toHaveLength(prize.digits);
      }
    }
  });

  it('draws dice faces 1-6 only, all of them', () => {
    const seen = new Set<string>();
    const source = simulationRandomSource(3);
    for (let i = 0; i < 500; i++)
      for (const face of drawResult(DICE3, source).dice ?? []) seen.add(face);
    expect([...seen].sort()).toEqual(['1', '2', '3', '4', '5', '6']);
  });
});

describe('validateResult', () => {
  const good = drawResult(THAI, simulationRandomSource(1));
  const cases: [string, LotteryResult, { code: string; prize: string; index?: number }[]][] = [
    [
      'a missing prize',
      { ...good, last2: undefined as unknown as string[] },
      [{ code: 'missing_prize', prize: 'last2' }],
    ],
    ['an unknown prize', { ...good, bonus: ['1'] }, [{ code: 'unknown_prize', prize: 'bonus' }]],
    ['too few numbers', { ...good, front3: ['123'] }, [{ code: 'wrong_count', prize: 'front3' }]],
    [
      'too many numbers',
      { ...good, last2: ['12', '34'] },
      [{ code: 'wrong_count', prize: 'last2' }],
    ],
    [
      'a short number',
      { ...good, first: ['12345'] },
      [{ code: 'wrong_length', prize: 'first', index: 0 }],
    ],
    ['a leading zero kept', { ...good, first: ['012345'] }, []],
    [
      'letters',
      { ...good, last3: ['12a', '123'] },
      [{ code: 'not_digits', prize: 'last3', index: 0 }],
    ],
    [
      'a number, not text',
      { ...good, last2: [12 as unknown as string] },
      [{ code: 'not_digits', prize: 'last2', index: 0 }],
    ],
    ['a sign', { ...good, last2: ['-1'] }, [{ code: 'not_digits', prize: 'last2', index: 0 }]],
  ];
  it.each(cases)('reports %s', (_, result, problems) => {
    expect(validateResult(THAI, result)).toEqual(problems);
  });

  it('reports every prize missing when the result is not an object', () => {
    for (const junk of [null, [], 'x'] as unknown as LotteryResult[]) {
      expect(validateResult(DICE3, junk)).toEqual([{ code: 'missing_prize', prize: 'dice' }]);
    }
  });

  it('reports a die out of range', () => {
    expect(validateResult(DICE3, { dice: ['0', '6', '7'] })).toEqual([
      { code: 'digit_out_of_range', prize: 'dice', index: 0 },
      { code: 'digit_out_of_range', prize: 'dice', index: 2 },
    ]);
  });

  it('reports every problem of a North result at once', () => {
    const result = drawResult(VN_NORTH, simulationRandomSource(2));
    const problems = validateResult(VN_NORTH, {
      ...result,
      special: ['1234'],
      seventh: ['1', '2', '3'],
    });
    expect(problems.map((problem) => problem.code)).toEqual([
      'wrong_length',
      'wrong_count',
      'wrong_length',
      'wrong_length',
      'wrong_length',
    ]);
  });
});

describe('seeded draws (commit and reveal)', () => {
  it('are the same for the same seed and key, different for another key', () => {
    const a = drawSeededResult(VN_NORTH, { serverSeed: SEED, drawKey: 'VN_NORTH:1' });
    expect(drawSeededResult(VN_NORTH, { serverSeed: SEED, drawKey: 'VN_NORTH:1' })).toEqual(a);
    expect(drawSeededResult(VN_NORTH, { serverSeed: SEED, drawKey: 'VN_NORTH:2' })).not.toEqual(a);
    expect(
      drawSeededResult(VN_NORTH, { serverSeed: 'e'.repeat(64), drawKey: 'VN_NORTH:1' }),
    ).not.toEqual(a);
  });

  it('can be recomputed by anyone from the revealed seed with node:crypto', () => {
    const drawKey = 'DIGIT5-1M:20261122-1840';
    const block = createHmac('sha256', SEED).update(`${drawKey}:0:0`).digest();
    const expected = [0, 1, 2, 3, 4].map((i) =>
      String(Math.floor((block.readUInt32BE(i * 4) / 2 ** 32) * 10)),
    );
    expect(drawSeededResult(DIGIT5, { serverSeed: SEED, drawKey })).toEqual({ digits: expected });
    expect(hashServerSeed(SEED)).toMatch(/^[0-9a-f]{64}$/);
  });

  it(
    'draw digits uniformly (chi-square over the digits of 600 North results)',
    () => {
      const counts = new Array<number>(10).fill(0);
      for (let i = 0; i < UNIFORMITY_DRAWS; i++) {
        const result = drawSeededResult(VN_NORTH, { serverSeed: SEED, drawKey: `uniformity:${i}` });
        for (const numbers of Object.values(result)) {
          for (const number of numbers)
            for (const digit of number) counts[Number(digit)] = (counts[Number(digit)] ?? 0) + 1;
        }
      }
      const test = chiSquareUniformity(counts);
      expect(test.degreesOfFreedom).toBe(9);
      // Fixed seeds make this deterministic; a broken draw (e.g. a stuck digit) fails by far.
      expect(test.statistic).toBeLessThan(test.critical95);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'draw dice faces uniformly',
    () => {
      const counts = new Array<number>(6).fill(0);
      for (let i = 0; i < 1000; i++) {
        for (const face of drawSeededResult(DICE3, { serverSeed: SEED, drawKey: `dice:${i}` })
          .dice ?? []) {
          counts[Number(face) - 1] = (counts[Number(face) - 1] ?? 0) + 1;
        }
      }
      const test = chiSquareUniformity(counts);
      expect(test.statistic).toBeLessThan(test.critical95);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
