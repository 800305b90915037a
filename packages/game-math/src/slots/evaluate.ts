import { intBelow, type RandomSource } from '../fair/random-source';
import { type CompiledSlot, compileSlot } from './compile';
import {
  SLOT_REELS,
  SLOT_ROWS,
  type SlotGame,
  type SlotLineWin,
  type SlotRoundOutcome,
  type SlotSpinOutcome,
} from './types';

/**
 * The pay of one payline's five symbols (indices), read from the leftmost reel: the run of the
 * first non-wild symbol with the wilds that stand in for it, or the run of wilds alone when that
 * pays more. A scatter never joins a line and ends any run it meets.
 */
export function evaluateLine(
  slot: CompiledSlot,
  symbols: ArrayLike<number>,
): { symbol: number; count: number; pay: number } | null {
  const { wild, scatter, pays } = slot;
  let wildRun = 0;
  while (wildRun < SLOT_REELS && symbols[wildRun] === wild) wildRun += 1;
  const wildPay = (pays[wild] as number[])[wildRun] as number;
  let best: { symbol: number; count: number; pay: number } | null =
    wildPay > 0 ? { symbol: wild, count: wildRun, pay: wildPay } : null;
  if (wildRun < SLOT_REELS) {
    const target = symbols[wildRun] as number;
    if (target !== scatter) {
      let count = wildRun + 1;
      while (count < SLOT_REELS) {
        const next = symbols[count];
        if (next !== target && next !== wild) break;
        count += 1;
      }
      const pay = (pays[target] as number[])[count] as number;
      if (pay > 0 && (best === null || pay > best.pay)) best = { symbol: target, count, pay };
    }
  }
  return best;
}

/** Where each reel stops: one uniform draw per reel, left to right, from the round's stream. */
function drawStops(source: RandomSource, reels: Int32Array[], into: number[]): number[] {
  for (let reel = 0; reel < SLOT_REELS; reel++)
    into[reel] = intBelow(source, (reels[reel] as Int32Array).length);
  return into;
}

/** The symbol on `row` of `reel` (row 0 shows the stop itself). */
function symbolAt(reels: Int32Array[], stops: number[], reel: number, row: number): number {
  const strip = reels[reel] as Int32Array;
  return strip[((stops[reel] as number) + row) % strip.length] as number;
}

type OnLineWin = (line: number, symbol: number, count: number, pay: number) => void;

/**
 * The pays of one spin whose stops are known: lines 1..`lines` then the scatter. Shared by play
 * (which records each win through `onLineWin`) and simulation (which only adds up), so both run
 * the same rules.
 */
function scoreSpin(
  slot: CompiledSlot,
  stops: number[],
  lines: number,
  free: boolean,
  onLineWin?: OnLineWin,
): { linePay: number; scatterCount: number; scatterPay: number; multiplier: number } {
  const reels = free ? slot.freeSpinReels : slot.reels;
  const { game } = slot;
  const multiplier = free ? game.freeSpins.multiplier : 1;
  const onLine = slot.lineBuffer;
  let linePay = 0;
  for (let line = 0; line < lines; line++) {
    const rows = slot.lines[line] as number[];
    for (let reel = 0; reel < SLOT_REELS; reel++)
      onLine[reel] = symbolAt(reels, stops, reel, rows[reel] as number);
    const win = evaluateLine(slot, onLine);
    if (win) {
      linePay += win.pay * multiplier;
      onLineWin?.(line + 1, win.symbol, win.count, win.pay * multiplier);
    }
  }
  let scatterCount = 0;
  for (let reel = 0; reel < SLOT_REELS; reel++)
    for (let row = 0; row < SLOT_ROWS; row++)
      if (symbolAt(reels, stops, reel, row) === slot.scatter) scatterCount++;
  const scatterPay = (game.scatterPays[scatterCount] ?? 0) * lines * multiplier;
  return { linePay, scatterCount, scatterPay, multiplier };
}

/** Evaluates one spin whose stops are known (the client draws the same grid from the stops). */
export function evaluateSpin(
  slot: CompiledSlot,
  stops: number[],
  lines: number,
  free: boolean,
  freeSpinsLeftUnderCap: number,
): SlotSpinOutcome {
  const reels = free ? slot.freeSpinReels : slot.reels;
  const lineWins: SlotLineWin[] = [];
  const score = scoreSpin(slot, stops, lines, free, (line, symbol, count, pay) =>
    lineWins.push({ line, symbol: slot.symbolIds[symbol] as string, count, pay }),
  );
  const award = slot.game.freeSpins.awardByScatterCount[score.scatterCount] ?? 0;
  return {
    stops: [...stops],
    grid: Array.from({ length: SLOT_REELS }, (_, reel) =>
      Array.from(
        { length: SLOT_ROWS },
        (_, row) => slot.symbolIds[symbolAt(reels, stops, reel, row)] as string,
      ),
    ),
    lineWins,
    scatterCount: score.scatterCount,
    scatterPay: score.scatterPay,
    freeSpinsAwarded: Math.min(award, freeSpinsLeftUnderCap),
    multiplier: score.multiplier,
    pay: score.linePay + score.scatterPay,
  };
}

/** Lines a round may play: a whole number in 1..the game's lines. */
export function checkLines(game: SlotGame, lines: number): void {
  if (!Number.isInteger(lines) || lines < 1 || lines > game.lines.length)
    throw new Error(`${game.gameCode}: lines must be 1..${game.lines.length}, got ${lines}`);
}

/**
 * One round: the paid spin, then every free spin it triggers (retriggers included, up to the
 * game's cap), all drawn in order from the one fair stream.
 */
export function playSlotRound(
  game: SlotGame,
  source: RandomSource,
  lines: number = game.lines.length,
): SlotRoundOutcome {
  checkLines(game, lines);
  const slot = compileSlot(game);
  const cap = game.freeSpins.maxFreeSpinsPerRound;
  const stops: number[] = [];
  const base = evaluateSpin(slot, drawStops(source, slot.reels, stops), lines, false, cap);
  let awarded = base.freeSpinsAwarded;
  let capped = (game.freeSpins.awardByScatterCount[base.scatterCount] ?? 0) > awarded;
  const freeSpins: SlotSpinOutcome[] = [];
  let totalPay = base.pay;
  while (freeSpins.length < awarded) {
    const freeStops = drawStops(source, slot.freeSpinReels, stops);
    const spin = evaluateSpin(slot, freeStops, lines, true, cap - awarded);
    if ((game.freeSpins.awardByScatterCount[spin.scatterCount] ?? 0) > spin.freeSpinsAwarded)
      capped = true;
    awarded += spin.freeSpinsAwarded;
    totalPay += spin.pay;
    freeSpins.push(spin);
  }
  return { gameCode: game.gameCode, lines, base, freeSpins, freeSpinsCapped: capped, totalPay };
}

/**
 * The same round as `playSlotRound` (same draws, same rules through `scoreSpin`), keeping only
 * its total pay: what simulations run millions of times. A test checks both agree.
 */
export function slotRoundPay(game: SlotGame, source: RandomSource, lines: number): number {
  const slot = compileSlot(game);
  const { awardByScatterCount, maxFreeSpinsPerRound: cap } = game.freeSpins;
  const stops = slot.stopBuffer;
  const base = scoreSpin(slot, drawStops(source, slot.reels, stops), lines, false);
  let total = base.linePay + base.scatterPay;
  let awarded = Math.min(awardByScatterCount[base.scatterCount] ?? 0, cap);
  for (let played = 0; played < awarded; played++) {
    const spin = scoreSpin(slot, drawStops(source, slot.freeSpinReels, stops), lines, true);
    total += spin.linePay + spin.scatterPay;
    awarded = Math.min(awarded + (awardByScatterCount[spin.scatterCount] ?? 0), cap);
  }
  return total;
}
