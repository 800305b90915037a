import { describe, expect, it } from 'vitest';
import { fairRandomSource, type RandomSource, simulationRandomSource } from '../fair/random-source';
import { verifiableGameOf } from '../games/index';
import { compileSlot } from './compile';
import { evaluateLine, evaluateSpin, playSlotRound, slotRoundPay } from './evaluate';
import { exactSlotRtp, expectedLinePay, scatterCountDistribution } from './exact-rtp';
import { JADE_DRAGON } from './games/jade-dragon';
import { NEON_FRUITS } from './games/neon-fruits';
import { PAYLINES_25 } from './paylines';
import { SLOT_REELS, SLOT_ROWS, type SlotGame } from './types';

/** A stream that answers the given floats in turn (a stop s of a strip of n is (s + 0.5) / n). */
function scripted(floats: number[]): RandomSource {
  let at = 0;
  return {
    next: () => {
      const value = floats[at++];
      if (value === undefined) throw new Error('the test stream ran dry');
      return value;
    },
  };
}

/** A tiny game whose windows the tests choose. */
function tinyGame(reels: string[][], overrides: Partial<SlotGame> = {}): SlotGame {
  return {
    gameCode: 'tiny',
    label: 'Tiny',
    declaredRtp: 0.9,
    symbols: [
      { id: 'W', kind: 'wild', pays: [0, 0, 0, 20, 50, 200] },
      { id: 'S', kind: 'scatter', pays: [] },
      { id: 'A', kind: 'regular', pays: [0, 0, 0, 10, 30, 100] },
      { id: 'B', kind: 'regular', pays: [0, 0, 1, 5, 15, 40] },
      { id: 'C', kind: 'regular', pays: [0, 0, 0, 2, 4, 8] },
    ],
    reels,
    lines: PAYLINES_25.slice(0, 5),
    scatterPays: { 3: 2, 4: 10, 5: 50 },
    freeSpins: {
      awardByScatterCount: { 3: 10, 4: 12, 5: 15 },
      multiplier: 2,
      maxFreeSpinsPerRound: 25,
    },
    ...overrides,
  };
}

const TINY = tinyGame([
  ['A', 'B', 'C', 'S', 'W'],
  ['W', 'A', 'C', 'B', 'S', 'C'],
  ['B', 'S', 'A', 'W', 'C'],
  ['C', 'A', 'W', 'B'],
  ['S', 'A', 'B', 'C', 'A'],
]);

describe('a payline', () => {
  const tiny = compileSlot(TINY);
  const line = (ids: string) => {
    const win = evaluateLine(
      tiny,
      ids.split('').map((id) => tiny.symbolIds.indexOf(id)),
    );
    return win && { symbol: tiny.symbolIds[win.symbol], count: win.count, pay: win.pay };
  };

  it.each<[string, { symbol: string; count: number; pay: number } | null, string]>([
    ['AAACC', { symbol: 'A', count: 3, pay: 10 }, 'three from the left'],
    ['AWACC', { symbol: 'A', count: 3, pay: 10 }, 'a wild stands in'],
    ['WWAAA', { symbol: 'A', count: 5, pay: 100 }, 'leading wilds join the first symbol'],
    ['WWWCC', { symbol: 'W', count: 3, pay: 20 }, 'wilds alone when they pay more'],
    ['WWWWC', { symbol: 'W', count: 4, pay: 50 }, 'four wilds beat five C'],
    ['BBCCC', { symbol: 'B', count: 2, pay: 1 }, 'a two-symbol pay'],
    ['CCAAA', null, 'wins run from the leftmost reel only'],
    ['CAAAA', null, 'the run must start on reel 1'],
    ['SWAAA', null, 'a wild never stands in for the scatter'],
    ['AASAA', null, 'a scatter ends a run'],
    ['WSAAA', null, 'a wild before a scatter pays nothing alone'],
  ])('%s pays %o (%s)', (ids, expected) => {
    expect(line(ids)).toEqual(expected);
  });
});

describe('a spin', () => {
  const tiny = compileSlot(TINY);

  it('shows 3 rows from each stop (wrapping) and counts scatters anywhere', () => {
    const spin = evaluateSpin(tiny, [3, 3, 0, 2, 4], 5, false, 25);
    expect(spin.grid).toEqual([
      ['S', 'W', 'A'],
      ['B', 'S', 'C'],
      ['B', 'S', 'A'],
      ['W', 'B', 'C'],
      ['A', 'S', 'A'],
    ]);
    expect(spin.scatterCount).toBe(4);
    expect(spin.scatterPay).toBe(10 * 5);
    expect(spin.freeSpinsAwarded).toBe(12);
    // Line 2 (top row) S B B W A: nothing; line 3 (bottom) A C A C A: nothing; line 4 (0,1,2,1,0)
    // S S A B A: nothing; line 5 (2,1,0,1,2) A S B B A: nothing; line 1 (middle) W S S B S: none.
    expect(spin.lineWins).toEqual([]);
    expect(spin.pay).toBe(50);
  });

  it('pays only the lines played, each with its number', () => {
    const spin = evaluateSpin(tiny, [0, 1, 2, 0, 1], 5, false, 25);
    // Top row (line 2): A A A C A pays A x3; middle row (line 1): B C W A B pays nothing.
    expect(spin.lineWins).toEqual([{ line: 2, symbol: 'A', count: 3, pay: 10 }]);
    const oneLine = evaluateSpin(tiny, [0, 1, 2, 0, 1], 1, false, 25);
    expect(oneLine.lineWins).toEqual([]);
  });

  it('multiplies every free-spin pay', () => {
    const spin = evaluateSpin(tiny, [0, 1, 2, 0, 1], 5, true, 25);
    expect(spin.lineWins).toEqual([{ line: 2, symbol: 'A', count: 3, pay: 20 }]);
    expect(spin.multiplier).toBe(2);
  });
});

describe('free spins', () => {
  // Reels 1-3 show a scatter in every window: every spin awards 10 more.
  const always = tinyGame([
    ['S', 'A', 'B'],
    ['S', 'A', 'B'],
    ['S', 'A', 'B'],
    ['A', 'B', 'C'],
    ['A', 'B', 'C'],
  ]);

  it('retrigger until the cap, then stop (and say so)', () => {
    const round = playSlotRound(always, simulationRandomSource(1), 5);
    expect(round.base.freeSpinsAwarded).toBe(10);
    expect(round.freeSpins).toHaveLength(25);
    expect(round.freeSpins.map((spin) => spin.freeSpinsAwarded)).toEqual([
      10,
      5,
      ...new Array(23).fill(0),
    ]);
    expect(round.freeSpinsCapped).toBe(true);
    expect(round.totalPay).toBe(
      round.base.pay + round.freeSpins.reduce((sum, s) => sum + s.pay, 0),
    );
    expect(exactSlotRtp(always).expectedFreeSpins).toBeCloseTo(25, 9);
  });

  it('are drawn from the same stream after the paid spin', () => {
    const game = tinyGame(
      [
        ['S', 'A', 'B'],
        ['S', 'A', 'B'],
        ['S', 'A', 'B'],
        ['A', 'B', 'C'],
        ['A', 'B', 'C'],
      ],
      {
        freeSpins: { awardByScatterCount: { 3: 1 }, multiplier: 2, maxFreeSpinsPerRound: 2 },
      },
    );
    const stops = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2].map((stop) => (stop + 0.5) / 3);
    const round = playSlotRound(game, scripted(stops), 5);
    expect(round.base.stops).toEqual([0, 0, 0, 0, 0]);
    expect(round.freeSpins.map((spin) => spin.stops)).toEqual([
      [1, 1, 1, 1, 1],
      [2, 2, 2, 2, 2],
    ]);
  });
});

/** Simulations share 2 cores with other work: a generous limit (not a timed assertion). */
const SIMULATION_TIMEOUT_MS = 120_000;

describe('the exact RTP', () => {
  it('matches every stop combination of a small game (paid spin)', () => {
    const tiny = compileSlot(TINY);
    const lengths = TINY.reels.map((strip) => strip.length);
    let lines = 0;
    let scatter = 0;
    let combinations = 0;
    const stops = new Array<number>(SLOT_REELS).fill(0);
    const walk = (reel: number) => {
      if (reel === SLOT_REELS) {
        const spin = evaluateSpin(tiny, stops, TINY.lines.length, false, 25);
        lines += spin.pay - spin.scatterPay;
        scatter += spin.scatterPay;
        combinations += 1;
        return;
      }
      for (let stop = 0; stop < (lengths[reel] as number); stop++) {
        stops[reel] = stop;
        walk(reel + 1);
      }
    };
    walk(0);
    const total = TINY.lines.length;
    const exact = exactSlotRtp(TINY);
    expect(exact.baseLines).toBeCloseTo(lines / combinations / total, 12);
    expect(exact.baseScatter).toBeCloseTo(scatter / combinations / total, 12);
    expect(expectedLinePay(tiny, tiny.reels) * total).toBeCloseTo(lines / combinations, 10);
    const distribution = scatterCountDistribution(tiny, tiny.reels);
    expect(distribution.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
    expect(distribution.length).toBe(SLOT_REELS * SLOT_ROWS + 1);
  });

  it.each([JADE_DRAGON, NEON_FRUITS])('of $label is its declared RTP within 0.05 pp', (game) => {
    expect(Math.abs(exactSlotRtp(game).total - game.declaredRtp)).toBeLessThan(0.0005);
  });

  it.each([JADE_DRAGON, NEON_FRUITS])(
    'of $label agrees with 300,000 simulated rounds',
    (game) => {
      const rounds = 300_000;
      const source = simulationRandomSource(20261122);
      const lines = game.lines.length;
      let sum = 0;
      let sumOfSquares = 0;
      for (let i = 0; i < rounds; i++) {
        const ratio = slotRoundPay(game, source, lines) / lines;
        sum += ratio;
        sumOfSquares += ratio * ratio;
      }
      const mean = sum / rounds;
      const standardError = Math.sqrt((sumOfSquares / rounds - mean * mean) / rounds);
      // Four standard errors: loose on purpose (the tight check is the exact figure above).
      expect(Math.abs(mean - exactSlotRtp(game).total)).toBeLessThan(4 * standardError);
    },
    SIMULATION_TIMEOUT_MS,
  );
});

describe('the real games', () => {
  it.each([JADE_DRAGON, NEON_FRUITS])(
    '$label: strips show at most one scatter per reel',
    (game) => {
      const slot = compileSlot(game);
      for (const strips of [slot.reels, slot.freeSpinReels])
        expect(scatterCountDistribution(slot, strips).length).toBe(SLOT_REELS * SLOT_ROWS + 1);
      for (const strip of [...slot.reels, ...slot.freeSpinReels])
        for (let stop = 0; stop < strip.length; stop++) {
          let count = 0;
          for (let row = 0; row < SLOT_ROWS; row++)
            if (strip[(stop + row) % strip.length] === slot.scatter) count++;
          expect(count).toBeLessThanOrEqual(1);
        }
    },
  );

  it('have 20 and 25 lines', () => {
    expect(JADE_DRAGON.lines).toHaveLength(20);
    expect(NEON_FRUITS.lines).toHaveLength(25);
  });

  it.each([JADE_DRAGON, NEON_FRUITS])(
    '$label: the fast total equals the full round',
    (game) => {
      for (let nonce = 0; nonce < 2000; nonce++) {
        const seeds = { serverSeed: 'f'.repeat(64), clientSeed: 'slots', nonce };
        const lines = 1 + (nonce % game.lines.length);
        const round = playSlotRound(game, fairRandomSource(seeds), lines);
        expect(slotRoundPay(game, fairRandomSource(seeds), lines)).toBe(round.totalPay);
        expect(Number.isInteger(round.totalPay)).toBe(true);
      }
    },
    SIMULATION_TIMEOUT_MS,
  );

  it.each([JADE_DRAGON, NEON_FRUITS])(
    '$label: the verify page replays a round from its seeds',
    (game) => {
      const seeds = { serverSeed: 'ab'.repeat(32), clientSeed: 'me', nonce: 3 };
      const played = playSlotRound(game, fairRandomSource(seeds), 7);
      const verifier = verifiableGameOf(game.gameCode);
      expect(verifier?.replay(fairRandomSource(seeds), { lines: 7, betPerLine: 0.1 })).toEqual(
        played,
      );
      const all = playSlotRound(game, fairRandomSource(seeds));
      expect(verifier?.replay(fairRandomSource(seeds), { betPerLine: 1 })).toEqual(all);
    },
  );

  it("refuses lines outside 1..the game's lines", () => {
    expect(() => playSlotRound(JADE_DRAGON, simulationRandomSource(1), 21)).toThrow();
    expect(() => playSlotRound(JADE_DRAGON, simulationRandomSource(1), 0)).toThrow();
  });
});
