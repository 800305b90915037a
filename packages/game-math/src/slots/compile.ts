import { SLOT_REELS, SLOT_ROWS, type SlotGame } from './types';

/**
 * A slot's data in index form, checked once: symbols become small integers so that evaluating a
 * spin (and simulating millions) does no string work.
 */
export interface CompiledSlot {
  game: SlotGame;
  symbolIds: string[];
  /** pays[symbol][count], bet-per-line units (0 where the data gives none). */
  pays: number[][];
  wild: number;
  scatter: number;
  reels: Int32Array[];
  freeSpinReels: Int32Array[];
  lines: number[][];
  /** Scratch space for one line's symbols and one spin's stops (JavaScript runs one at a time). */
  lineBuffer: Int32Array;
  stopBuffer: number[];
}

const compiled = new WeakMap<SlotGame, CompiledSlot>();

function stripOf(game: SlotGame, strip: readonly string[], index: Map<string, number>): Int32Array {
  if (strip.length < SLOT_ROWS)
    throw new Error(`${game.gameCode}: a strip shorter than the window`);
  return Int32Array.from(strip, (id) => {
    const at = index.get(id);
    if (at === undefined) throw new Error(`${game.gameCode}: unknown symbol ${id} on a strip`);
    return at;
  });
}

export function compileSlot(game: SlotGame): CompiledSlot {
  const known = compiled.get(game);
  if (known) return known;
  const index = new Map(game.symbols.map((symbol, at) => [symbol.id, at]));
  const wilds = game.symbols.filter((symbol) => symbol.kind === 'wild');
  const scatters = game.symbols.filter((symbol) => symbol.kind === 'scatter');
  if (wilds.length !== 1 || scatters.length !== 1)
    throw new Error(`${game.gameCode}: a slot needs exactly one wild and one scatter`);
  if (game.reels.length !== SLOT_REELS) throw new Error(`${game.gameCode}: needs 5 reels`);
  for (const line of game.lines) {
    if (line.length !== SLOT_REELS || line.some((row) => row < 0 || row >= SLOT_ROWS))
      throw new Error(`${game.gameCode}: a payline must name a row 0..2 on each of 5 reels`);
  }
  const result: CompiledSlot = {
    game,
    symbolIds: game.symbols.map((symbol) => symbol.id),
    pays: game.symbols.map((symbol) =>
      Array.from({ length: SLOT_REELS + 1 }, (_, count) =>
        symbol.kind === 'scatter' ? 0 : (symbol.pays[count] ?? 0),
      ),
    ),
    wild: index.get(wilds[0]?.id ?? '') as number,
    scatter: index.get(scatters[0]?.id ?? '') as number,
    reels: game.reels.map((strip) => stripOf(game, strip, index)),
    freeSpinReels: (game.freeSpinReels ?? game.reels).map((strip) => stripOf(game, strip, index)),
    lines: game.lines.map((line) => [...line]),
    lineBuffer: new Int32Array(SLOT_REELS),
    stopBuffer: new Array<number>(SLOT_REELS).fill(0),
  };
  compiled.set(game, result);
  return result;
}
