/**
 * A 5x3 video slot as data (docs/games-slots.md): the engine in this folder reads nothing else,
 * so a new game is a new data file. Pays are whole multiples, so money stays exact: line pays in
 * units of the bet per line, scatter pays in units of the total bet (lines x bet per line).
 */

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

export type SlotSymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  id: string;
  kind: SlotSymbolKind;
  /**
   * Line pay by run length, index = count of matching symbols from the left (0..5), in bet-per-
   * line units. A wild's own pays apply to a run of wilds alone; a scatter pays by `scatterPays`.
   */
  pays: readonly [0, 0, number, number, number, number] | readonly number[];
}

export interface SlotFreeSpinRules {
  /** Free spins awarded by scatter count on the paid spin and (retrigger) on a free spin. */
  awardByScatterCount: Readonly<Record<number, number>>;
  /** Every pay of a free spin (lines and scatter) is multiplied by this whole number. */
  multiplier: number;
  /** No round plays more free spins than this, retriggers included. */
  maxFreeSpinsPerRound: number;
}

export interface SlotGame {
  gameCode: string;
  /** For printouts and tests; the web shows its own translated name. */
  label: string;
  /** Return to player the maths is tuned to, as a fraction (0.96 = 96 %). */
  declaredRtp: number;
  symbols: readonly SlotSymbol[];
  /** Reel strips of the paid spin, one per reel, by symbol id; the window shows 3 in a row. */
  reels: readonly (readonly string[])[];
  /** Reel strips of free spins (often richer); the paid spin's when absent. */
  freeSpinReels?: readonly (readonly string[])[];
  /** Each payline: the row (0 top .. 2 bottom) it crosses on each reel. Lines 1..n are these. */
  lines: readonly (readonly number[])[];
  /** Scatter pay by count anywhere in the window, in total-bet units. */
  scatterPays: Readonly<Record<number, number>>;
  freeSpins: SlotFreeSpinRules;
}

export interface SlotLineWin {
  /** 1-based payline number. */
  line: number;
  symbol: string;
  /** How many positions from the left the win covers. */
  count: number;
  /** Bet-per-line units, free-spin multiplier included. */
  pay: number;
}

export interface SlotSpinOutcome {
  /** The strip index shown on the top row of each reel. */
  stops: number[];
  /** The visible window by reel: grid[reel][row]. */
  grid: string[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  /** Bet-per-line units, multiplier included (scatter pay x lines played). */
  scatterPay: number;
  /** Free spins this spin awarded (after the round's cap). */
  freeSpinsAwarded: number;
  /** 1 on the paid spin, the free-spin multiplier on free spins. */
  multiplier: number;
  /** Everything this spin pays, bet-per-line units. */
  pay: number;
}

export interface SlotRoundOutcome {
  gameCode: string;
  lines: number;
  base: SlotSpinOutcome;
  freeSpins: SlotSpinOutcome[];
  /** True when retriggers would have passed the cap on free spins per round. */
  freeSpinsCapped: boolean;
  /** The round's whole pay in bet-per-line units: payout = totalPay x bet per line. */
  totalPay: number;
}
