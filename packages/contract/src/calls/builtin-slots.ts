import { z } from 'zod';
import { SLOT_BET_PER_LINE_MIN, SLOT_LINES_MAX } from '../builtin-slots-constants.js';
import { amountSchema } from './payments.js';

/**
 * Play parameters of the built-in slots Jade Dragon and Neon Fruits (docs/games-slots.md): the
 * lines played (1..the game's lines, all when absent) and the bet per line in major units. The
 * stake is lines x bet per line; the handler checks the game's own line count and the
 * merchant's stake limits. Strict: unknown keys are refused (the engine stores what it parsed).
 */
export const slotParamsSchema = z
  .object({
    lines: z.number().int().min(1).max(SLOT_LINES_MAX).optional(),
    betPerLine: amountSchema.refine((amount) => amount >= SLOT_BET_PER_LINE_MIN),
  })
  .strict();
export type SlotParamsInput = z.infer<typeof slotParamsSchema>;
