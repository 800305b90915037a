import { pickDistinct, type RandomSource } from '../fair/random-source';
import { BASIS_POINTS, INHOUSE_RTP_BASIS_POINTS, MULTIPLIER_SCALE } from '../inhouse-multiplier';

/**
 * Mines (docs/games-inhouse.md): a 5x5 board with 1..24 mines placed from the fair stream at the
 * start. After k safe reveals the multiplier is 0.99 / P(k safe tiles in a row), rounded down to
 * 4 decimals, so cashing out after any number of reveals returns at most 99 %.
 */

export const MINES_GAME_CODE = 'inh-mines';
export const MINES_BOARD_SIZE = 5;
export const MINES_TILE_COUNT = MINES_BOARD_SIZE * MINES_BOARD_SIZE;
export const MINES_MIN_COUNT = 1;
export const MINES_MAX_COUNT = MINES_TILE_COUNT - 1;
/** Cash out needs at least this many safe reveals (before it, there is nothing to cash). */
export const MINES_MIN_REVEALS_TO_CASH_OUT = 1;

export function isMinesCountAllowed(mineCount: number): boolean {
  return (
    Number.isInteger(mineCount) && mineCount >= MINES_MIN_COUNT && mineCount <= MINES_MAX_COUNT
  );
}

export function safeTileCount(mineCount: number): number {
  return MINES_TILE_COUNT - mineCount;
}

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** P(the first k reveals are all safe) = C(25 - m, k) / C(25, k), as a fraction of bigints. */
export function safeRunChance(mineCount: number, reveals: number): { num: bigint; den: bigint } {
  return {
    num: binomial(safeTileCount(mineCount), reveals),
    den: binomial(MINES_TILE_COUNT, reveals),
  };
}

/**
 * The multiplier after `reveals` safe tiles, in ten-thousandths, rounded down (exact in
 * bigints). 0 reveals is the stake back (1x); more than the safe tiles is not a position.
 */
export function minesMultiplierScaled(mineCount: number, reveals: number): number {
  if (!isMinesCountAllowed(mineCount)) throw new Error('mine count outside the allowed range');
  if (!Number.isInteger(reveals) || reveals < 0 || reveals > safeTileCount(mineCount))
    throw new Error('reveals outside the board');
  if (reveals === 0) return MULTIPLIER_SCALE;
  const { num, den } = safeRunChance(mineCount, reveals);
  const scaled =
    (BigInt(INHOUSE_RTP_BASIS_POINTS) * BigInt(MULTIPLIER_SCALE) * den) /
    (BigInt(BASIS_POINTS) * num);
  return Number(scaled);
}

/** The exact return of "reveal k, then cash out": P(k safe) x multiplier (at most 0.99). */
export function minesExactRtp(mineCount: number, reveals: number): number {
  const { num, den } = safeRunChance(mineCount, reveals);
  return (
    (Number(num) * minesMultiplierScaled(mineCount, reveals)) / (Number(den) * MULTIPLIER_SCALE)
  );
}

/** Every multiplier of a mine count, from 1 reveal to all safe tiles (the Rules table). */
export function minesMultiplierTable(mineCount: number): number[] {
  return Array.from({ length: safeTileCount(mineCount) }, (_, i) =>
    minesMultiplierScaled(mineCount, i + 1),
  );
}

/** Where the mines are: `mineCount` distinct tiles (0..24, row by row), sorted. */
export function placeMines(source: RandomSource, mineCount: number): number[] {
  if (!isMinesCountAllowed(mineCount)) throw new Error('mine count outside the allowed range');
  return pickDistinct(source, MINES_TILE_COUNT, mineCount).sort((a, b) => a - b);
}

export type MinesStatus = 'playing' | 'cashedOut' | 'busted';

export interface MinesState {
  mineCount: number;
  mines: number[];
  /** Tiles revealed, in the order chosen. */
  revealed: number[];
  status: MinesStatus;
  /** The mine that ended the round, if one did. */
  hitTile: number | null;
  /** Ten-thousandths paid: the multiplier at cash out, 0 on a mine. */
  multiplierScaled: number;
}

export function startMines(source: RandomSource, mineCount: number): MinesState {
  return {
    mineCount,
    mines: placeMines(source, mineCount),
    revealed: [],
    status: 'playing',
    hitTile: null,
    multiplierScaled: 0,
  };
}

export type MinesMoveError = 'roundOver' | 'tileInvalid' | 'tileRevealed' | 'nothingToCashOut';

export type MinesMove = { ok: true; state: MinesState } | { ok: false; error: MinesMoveError };

/** A reveal: a mine ends the round at 0; the last safe tile cashes out by itself. */
export function revealTile(state: MinesState, tile: number): MinesMove {
  if (state.status !== 'playing') return { ok: false, error: 'roundOver' };
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILE_COUNT)
    return { ok: false, error: 'tileInvalid' };
  if (state.revealed.includes(tile)) return { ok: false, error: 'tileRevealed' };
  const revealed = [...state.revealed, tile];
  if (state.mines.includes(tile))
    return {
      ok: true,
      state: { ...state, revealed, status: 'busted', hitTile: tile, multiplierScaled: 0 },
    };
  const next = { ...state, revealed };
  if (revealed.length === safeTileCount(state.mineCount)) return cashOutMines(next);
  return { ok: true, state: next };
}

export function cashOutMines(state: MinesState): MinesMove {
  if (state.status !== 'playing') return { ok: false, error: 'roundOver' };
  if (state.revealed.length < MINES_MIN_REVEALS_TO_CASH_OUT)
    return { ok: false, error: 'nothingToCashOut' };
  return {
    ok: true,
    state: {
      ...state,
      status: 'cashedOut',
      multiplierScaled: minesMultiplierScaled(state.mineCount, state.revealed.length),
    },
  };
}
