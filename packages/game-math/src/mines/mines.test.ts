import { describe, expect, it } from 'vitest';
import { fairRandomSource, simulationRandomSource } from '../fair/random-source';
import {
  cashOutMines,
  isMinesCountAllowed,
  MINES_MAX_COUNT,
  MINES_MIN_COUNT,
  MINES_TILE_COUNT,
  type MinesState,
  minesExactRtp,
  minesMultiplierScaled,
  minesMultiplierTable,
  placeMines,
  revealTile,
  safeTileCount,
  startMines,
} from './mines';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce: 3 };

function stateWith(mines: number[], revealed: number[] = []): MinesState {
  return {
    mineCount: mines.length,
    mines,
    revealed,
    status: 'playing',
    hitTile: null,
    multiplierScaled: 0,
  };
}

function must(move: ReturnType<typeof revealTile>): MinesState {
  if (!move.ok) throw new Error(move.error);
  return move.state;
}

describe('mines multipliers', () => {
  it.each([
    // mines, reveals, multiplier (ten-thousandths)
    [1, 0, 10_000],
    [1, 1, 10_312],
    [1, 24, 247_500],
    [3, 1, 11_250],
    [3, 5, 19_973],
    [24, 1, 247_500],
    [12, 13, 51_482_970_000],
  ] as const)('%s mines after %s reveals pay %s', (mines, reveals, multiplier) => {
    expect(minesMultiplierScaled(mines, reveals)).toBe(multiplier);
  });

  it('refuses positions that cannot exist', () => {
    expect(() => minesMultiplierScaled(3, 23)).toThrow();
    expect(() => minesMultiplierScaled(0, 1)).toThrow();
    expect(() => minesMultiplierScaled(25, 1)).toThrow();
    expect(isMinesCountAllowed(MINES_MIN_COUNT - 1)).toBe(false);
    expect(isMinesCountAllowed(MINES_MAX_COUNT + 1)).toBe(false);
  });

  it('returns at most 99 % (and within 0.01 pp of it) for every mine count and cash-out point', () => {
    for (let mines = MINES_MIN_COUNT; mines <= MINES_MAX_COUNT; mines++) {
      const table = minesMultiplierTable(mines);
      expect(table).toHaveLength(safeTileCount(mines));
      for (let reveals = 1; reveals <= safeTileCount(mines); reveals++) {
        const rtp = minesExactRtp(mines, reveals);
        expect(rtp).toBeLessThanOrEqual(0.99);
        expect(rtp).toBeGreaterThan(0.9899);
      }
      // Each reveal pays more than the last.
      for (let i = 1; i < table.length; i++)
        expect(table[i] as number).toBeGreaterThan(table[i - 1] as number);
    }
  });
});

describe('mines rounds', () => {
  it('places distinct sorted mines from the fair stream, the same for the same seeds', () => {
    for (const count of [MINES_MIN_COUNT, 3, MINES_MAX_COUNT]) {
      const mines = placeMines(fairRandomSource(seeds), count);
      expect(new Set(mines).size).toBe(count);
      expect([...mines].sort((a, b) => a - b)).toEqual(mines);
      expect(mines.every((tile) => tile >= 0 && tile < MINES_TILE_COUNT)).toBe(true);
      expect(placeMines(fairRandomSource(seeds), count)).toEqual(mines);
    }
  });

  it('cannot cash out before the first reveal', () => {
    expect(cashOutMines(stateWith([0, 1, 2]))).toEqual({ ok: false, error: 'nothingToCashOut' });
  });

  it('reveals safe tiles, then cashes out at the multiplier of the reveals', () => {
    let state = stateWith([0, 1, 2]);
    state = must(revealTile(state, 10));
    state = must(revealTile(state, 11));
    expect(revealTile(state, 11)).toEqual({ ok: false, error: 'tileRevealed' });
    expect(revealTile(state, 25)).toEqual({ ok: false, error: 'tileInvalid' });
    const done = must(cashOutMines(state));
    expect(done.status).toBe('cashedOut');
    expect(done.multiplierScaled).toBe(minesMultiplierScaled(3, 2));
    expect(revealTile(done, 12)).toEqual({ ok: false, error: 'roundOver' });
    expect(cashOutMines(done)).toEqual({ ok: false, error: 'roundOver' });
  });

  it('a mine ends the round at nothing', () => {
    const state = must(revealTile(stateWith([5, 6]), 6));
    expect(state).toMatchObject({ status: 'busted', hitTile: 6, multiplierScaled: 0 });
    expect(cashOutMines(state)).toEqual({ ok: false, error: 'roundOver' });
  });

  it('revealing every safe tile cashes out by itself (24 mines: one reveal; 1 mine: 24)', () => {
    const one = must(revealTile(stateWith(Array.from({ length: 24 }, (_, i) => i)), 24));
    expect(one).toMatchObject({ status: 'cashedOut', multiplierScaled: 247_500 });
    let state = stateWith([24]);
    for (let tile = 0; tile < 24; tile++) state = must(revealTile(state, tile));
    expect(state).toMatchObject({ status: 'cashedOut', multiplierScaled: 247_500 });
  });

  it('a started round hides nothing from the maths: mines decided at the start', () => {
    const state = startMines(simulationRandomSource(1), 5);
    expect(state.mines).toHaveLength(5);
    expect(state.revealed).toEqual([]);
  });
});
