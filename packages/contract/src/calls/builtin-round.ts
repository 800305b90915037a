import { z } from 'zod';

/**
 * A built-in game's round as the game client, the history and the verify page see it
 * (docs/games-builtin.md). The calls that answer it live in `calls/builtin-games.ts`.
 */
export const builtinRoundStatuses = ['open', 'settled', 'cancelled'] as const;

export const builtinRoundProofSchema = z.object({
  /** SHA-256 of the server seed, shown before the round was played. */
  serverSeedHash: z.string(),
  /** The server seed itself once the player has rotated past it, else null. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int().min(0),
});
export type BuiltinRoundProof = z.infer<typeof builtinRoundProofSchema>;

export const builtinRoundSchema = z.object({
  /** The platform's round id (digits), the same id the betting record shows. */
  roundId: z.string(),
  gameCode: z.string(),
  status: z.enum(builtinRoundStatuses),
  /** Major units. */
  stake: z.number(),
  payout: z.number(),
  /** True when the payout was cut to the merchant's maximum payout. */
  payoutCapped: z.boolean(),
  /** `{ params, outcome, view? }`: the game's own shapes (server `RoundDetail`). */
  detail: z.object({ params: z.unknown(), outcome: z.unknown(), view: z.unknown().optional() }),
  proof: builtinRoundProofSchema,
  /** Steps already taken (stepped games): what the next `builtinAct` sends as `step`. */
  steps: z.number().int().min(0).optional(),
  startedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BuiltinRound = z.infer<typeof builtinRoundSchema>;
