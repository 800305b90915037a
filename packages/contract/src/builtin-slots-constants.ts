/**
 * The built-in slots' bet limits as the web needs them without zod (docs/games-slots.md). The
 * line counts repeat the slot data of `@app/game-math` (the contract depends on zod alone); a
 * test keeps them equal.
 */
export const slotLinesByGameCode = {
  'inh-jade-dragon': 20,
  'inh-neon-fruits': 25,
} as const;
/** The most lines any built-in slot has. */
export const SLOT_LINES_MAX = 25;
/** The smallest bet per line, major units (one minor unit). */
export const SLOT_BET_PER_LINE_MIN = 0.01;
/** The bet-per-line choices the game client offers (major units), within the merchant's limits. */
export const SLOT_BET_PER_LINE_STEPS = [
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100,
] as const;
