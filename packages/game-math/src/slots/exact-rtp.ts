import { type CompiledSlot, compileSlot } from './compile';
import { evaluateLine } from './evaluate';
import { SLOT_REELS, SLOT_ROWS, type SlotGame } from './types';

/**
 * The exact return of a slot, from its data alone (docs/games-slots.md):
 * - A payline meets each reel at one row; as the stop is uniform, every row sees every strip
 *   position equally often, so a line's five symbols are independent draws from the strips'
 *   symbol counts. Enumerating those symbol tuples gives the expected pay of one line, the same
 *   for every line.
 * - The scatter count is the sum over reels of the scatters in each reel's window of 3; each
 *   reel's distribution comes from its stops, the total from their convolution.
 * - Free spins: each free spin pays the same expectation whichever spin it is, and whether it is
 *   played depends only on earlier spins, so (Wald) the free-spin return is the expected number
 *   of free spins times one free spin's expectation. That number comes from a walk over
 *   (awarded so far, played so far) with retriggers and the cap.
 * All figures are per unit of total bet, so they do not depend on the lines played.
 */
export interface SlotRtpBreakdown {
  /** Line return of the paid spin (all lines, per total bet). */
  baseLines: number;
  baseScatter: number;
  /** Chance that the paid spin triggers free spins. */
  triggerChance: number;
  /** Expected free spins per round (cap and retriggers included). */
  expectedFreeSpins: number;
  /** One free spin's expected pay per total bet (multiplier included). */
  freeSpinValue: number;
  /** Free-spin return per round. */
  freeSpins: number;
  total: number;
}

/** Per-reel symbol frequencies as fractions. */
function frequencies(slot: CompiledSlot, reels: Int32Array[]): number[][] {
  return reels.map((strip) => {
    const counts = new Array<number>(slot.symbolIds.length).fill(0);
    for (const symbol of strip) counts[symbol] = (counts[symbol] as number) + 1;
    return counts.map((count) => count / strip.length);
  });
}

/** Expected pay of one payline, bet-per-line units, by enumerating symbol tuples. */
export function expectedLinePay(slot: CompiledSlot, reels: Int32Array[]): number {
  const freq = frequencies(slot, reels);
  const symbols = new Int32Array(SLOT_REELS);
  let expected = 0;
  const walk = (reel: number, weight: number) => {
    if (reel === SLOT_REELS) {
      const win = evaluateLine(slot, symbols);
      if (win) expected += weight * win.pay;
      return;
    }
    const reelFreq = freq[reel] as number[];
    for (let symbol = 0; symbol < reelFreq.length; symbol++) {
      const p = reelFreq[symbol] as number;
      if (p === 0) continue;
      symbols[reel] = symbol;
      walk(reel + 1, weight * p);
    }
  };
  walk(0, 1);
  return expected;
}

/** Distribution of the scatter count in the window (index = count). */
export function scatterCountDistribution(slot: CompiledSlot, reels: Int32Array[]): number[] {
  let total = [1];
  for (const strip of reels) {
    const perReel = new Array<number>(SLOT_ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let count = 0;
      for (let row = 0; row < SLOT_ROWS; row++)
        if (strip[(stop + row) % strip.length] === slot.scatter) count++;
      perReel[count] = (perReel[count] as number) + 1 / strip.length;
    }
    const next = new Array<number>(total.length + SLOT_ROWS).fill(0);
    total.forEach((p, a) => {
      perReel.forEach((q, b) => {
        next[a + b] = (next[a + b] as number) + p * q;
      });
    });
    total = next;
  }
  return total;
}

/** Distribution of free spins awarded by one spin (before the cap), index = spins. */
function awardDistribution(game: SlotGame, scatter: number[]): Map<number, number> {
  const awards = new Map<number, number>();
  scatter.forEach((p, count) => {
    const award = game.freeSpins.awardByScatterCount[count] ?? 0;
    awards.set(award, (awards.get(award) ?? 0) + p);
  });
  return awards;
}

/**
 * Expected free spins played in a round, starting from the paid spin's award distribution:
 * state (awarded, played), each free spin adds a retrigger award, capped at the round's limit;
 * the round ends when played = awarded, having played exactly `awarded` spins.
 */
export function expectedFreeSpinsPlayed(
  initial: Map<number, number>,
  retrigger: Map<number, number>,
  cap: number,
): number {
  // probability[awarded][played], played < awarded, filled in order of played.
  const probability = Array.from({ length: cap + 1 }, () => new Float64Array(cap + 1));
  const add = (awarded: number, played: number, p: number) => {
    const row = probability[awarded] as Float64Array;
    row[played] = (row[played] as number) + p;
  };
  let expected = 0;
  for (const [award, p] of initial) {
    const awarded = Math.min(award, cap);
    if (awarded > 0) add(awarded, 0, p);
  }
  for (let played = 0; played < cap; played++) {
    for (let awarded = played + 1; awarded <= cap; awarded++) {
      const p = (probability[awarded] as Float64Array)[played] as number;
      if (p === 0) continue;
      for (const [award, q] of retrigger) {
        const next = Math.min(cap, awarded + award);
        if (next === played + 1) expected += p * q * next;
        else add(next, played + 1, p * q);
      }
    }
  }
  return expected;
}

export function exactSlotRtp(game: SlotGame): SlotRtpBreakdown {
  const slot = compileSlot(game);
  const lines = game.lines.length;
  const scatterValue = (distribution: number[]) =>
    distribution.reduce((sum, p, count) => sum + p * (game.scatterPays[count] ?? 0), 0);
  const baseScatterDist = scatterCountDistribution(slot, slot.reels);
  const freeScatterDist = scatterCountDistribution(slot, slot.freeSpinReels);
  // Line pays are per bet per line; all lines played, divided by the total bet (lines).
  const baseLines = (expectedLinePay(slot, slot.reels) * lines) / lines;
  const baseScatter = scatterValue(baseScatterDist);
  const initial = awardDistribution(game, baseScatterDist);
  const triggerChance = [...initial].reduce((sum, [award, p]) => sum + (award > 0 ? p : 0), 0);
  const expectedFreeSpins = expectedFreeSpinsPlayed(
    initial,
    awardDistribution(game, freeScatterDist),
    game.freeSpins.maxFreeSpinsPerRound,
  );
  const freeSpinValue =
    game.freeSpins.multiplier *
    (expectedLinePay(slot, slot.freeSpinReels) + scatterValue(freeScatterDist));
  const freeSpins = expectedFreeSpins * freeSpinValue;
  return {
    baseLines,
    baseScatter,
    triggerChance,
    expectedFreeSpins,
    freeSpinValue,
    freeSpins,
    total: baseLines + baseScatter + freeSpins,
  };
}
