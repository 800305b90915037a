import { z } from 'zod';
import { amountSchema } from './payments.js';

/**
 * Play parameters and actions of the in-house games Dice, Mines and Plinko
 * (docs/games-inhouse.md). The stake is in major units; the engine checks it against the
 * merchant's limits. The bounds repeat those of `@app/game-math` (the contract depends on zod
 * alone); a test keeps the two equal. Every schema is strict: the engine stores the parameters
 * as parsed, so a key the game does not know is refused, never kept.
 */

/** Dice targets: 0.01..99.98 with two decimals; the chance bounds narrow them per direction. */
export const DICE_TARGET_MIN = 0.01;
export const DICE_TARGET_MAX = 99.98;
export const MINES_COUNT_MIN = 1;
export const MINES_COUNT_MAX = 24;
export const MINES_TILE_MAX = 24;
export const PLINKO_ROWS_MIN = 8;
export const PLINKO_ROWS_MAX = 16;
export const plinkoRiskLevels = ['low', 'medium', 'high'] as const;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const diceParamsSchema = z
  .object({
    stake: amountSchema,
    target: z
      .number()
      .min(DICE_TARGET_MIN)
      .max(DICE_TARGET_MAX)
      .refine(twoDecimals, { message: 'at most two decimals' }),
    direction: z.enum(['over', 'under']),
  })
  .strict();
export type DiceParamsInput = z.infer<typeof diceParamsSchema>;

export const minesParamsSchema = z
  .object({
    stake: amountSchema,
    mineCount: z.number().int().min(MINES_COUNT_MIN).max(MINES_COUNT_MAX),
  })
  .strict();
export type MinesParamsInput = z.infer<typeof minesParamsSchema>;

export const minesActionSchema = z.discriminatedUnion('type', [
  z
    .object({ type: z.literal('reveal'), tile: z.number().int().min(0).max(MINES_TILE_MAX) })
    .strict(),
  z.object({ type: z.literal('cashOut') }).strict(),
]);
export type MinesAction = z.infer<typeof minesActionSchema>;

export const plinkoParamsSchema = z
  .object({
    stake: amountSchema,
    rows: z.number().int().min(PLINKO_ROWS_MIN).max(PLINKO_ROWS_MAX),
    risk: z.enum(plinkoRiskLevels),
  })
  .strict();
export type PlinkoParamsInput = z.infer<typeof plinkoParamsSchema>;

/**
 * What a Mines round shows while it is open (`detail.view`): never the mines. At the end the
 * view adds them (`mines`), with the tile that was hit if one was.
 */
export interface MinesView {
  mineCount: number;
  revealed: number[];
  status: 'playing' | 'cashedOut' | 'busted';
  /** Ten-thousandths: the multiplier a cash out pays now (0 before the first reveal). */
  multiplierScaled: number;
  /** Ten-thousandths: what the next safe tile would make it (null when none is left). */
  nextMultiplierScaled: number | null;
  /** Only once the round is over. */
  mines?: number[];
  hitTile?: number | null;
}
