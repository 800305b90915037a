import { z } from 'zod';
import {
  BUILTIN_CLIENT_ROUND_ID_MAX_LENGTH,
  BUILTIN_CLIENT_SEED_MAX_LENGTH,
  BUILTIN_HISTORY_PAGE_NO_MAX,
  BUILTIN_HISTORY_PAGE_SIZE_DEFAULT,
  BUILTIN_HISTORY_PAGE_SIZE_MAX,
  BUILTIN_PLAY_BODY_MAX_BYTES,
} from '../builtin-games-constants.js';
import { defineCall } from '../call.js';
import { pageBodyParams, pageEchoTotalsShape } from '../paging.js';
import { routes } from '../routes.js';
import { stakeProfileOverridesSchema } from '../stake-profile-schema.js';
import { builtinRoundSchema } from './builtin-round.js';

/**
 * The calls of the built-in games' play shell (docs/games-builtin.md). None of them uses the
 * site's session token: `builtinOpen` spends the launch token and answers a game session, and
 * every later call carries that game session in its (never logged) body, never in the URL.
 */

const gameSessionSchema = z.string().min(1).max(200);

/** A merchant's limits and switches for built-in games (the merchant config's `builtinGames`). */
export const builtinGameLimitsSchema = z.object({
  minStakeMinor: z.number().int().positive(),
  maxStakeMinor: z.number().int().positive(),
  maxPayoutMinor: z.number().int().positive(),
});
export const builtinGamesSettingsSchema = z.object({
  autoplayAllowed: z.boolean().default(false),
  turboAllowed: z.boolean().default(false),
  /** Per game code; a game not named uses the defaults of the server. */
  limits: z.record(z.string(), builtinGameLimitsSchema.partial()).default({}),
  /**
   * The merchant's stake profile per currency (min, max, first stake, chips, quick amounts),
   * over the currency's defaults (`stake-profiles.ts`): every built-in game, PvP table and the
   * lottery slip size their stakes from it. A game's own `limits` still win for that game.
   */
  stakeProfiles: stakeProfileOverridesSchema.default({}),
});
export type BuiltinGamesSettings = z.infer<typeof builtinGamesSettingsSchema>;

/** The public part of the member's seeds: never the active server seed. */
export const builtinSeedsSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number().int().min(0),
  /** The hash of the pair that rotating will activate (committed before it is used). */
  nextServerSeedHash: z.string(),
});
export type BuiltinSeeds = z.infer<typeof builtinSeedsSchema>;

/** A retired pair, server seed revealed: enough to verify every round played on it. */
export const builtinRevealedSeedSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Rounds played on the pair (nonces 0 .. nonce - 1). */
  nonce: z.number().int().min(0),
});
export type BuiltinRevealedSeed = z.infer<typeof builtinRevealedSeedSchema>;

const balanceSchema = z.object({
  /** Major units. */
  balance: z.number(),
  currency: z.string(),
});

export const builtinSessionSchema = z.object({
  gameSession: z.string(),
  gameCode: z.string(),
  /** The game's name in the session's language. */
  gameName: z.string(),
  language: z.string(),
  currency: z.string(),
  balance: z.number(),
  /** Major units. */
  limits: z.object({ minStake: z.number(), maxStake: z.number(), maxPayout: z.number() }),
  /** Major units, from the merchant's stake profile for its currency: the first stake and the chips. */
  stakes: z.object({ defaultStake: z.number(), chips: z.array(z.number()) }),
  settings: z.object({ autoplayAllowed: z.boolean(), turboAllowed: z.boolean() }),
  seeds: builtinSeedsSchema,
  /** An open round to resume, or a round settled while the player was away (answered once). */
  resumeRound: builtinRoundSchema.nullable(),
});
export type BuiltinSession = z.infer<typeof builtinSessionSchema>;

const roundAnswer = z.object({ round: builtinRoundSchema, balance: z.number() });

export const builtinOpenCall = defineCall({
  ...routes.builtinOpen,
  summary: 'Spend a launch token of a built-in game and open its game session',
  tags: ['builtin games'],
  secret: true,
  body: z.object({ launchToken: z.string().min(1).max(200) }),
  value: builtinSessionSchema,
});

export const builtinSessionCall = defineCall({
  ...routes.builtinSession,
  summary: 'The state of a game session again (the play page was reloaded)',
  tags: ['builtin games'],
  secret: true,
  body: z.object({ gameSession: gameSessionSchema }),
  value: builtinSessionSchema,
});

export const builtinBalanceCall = defineCall({
  ...routes.builtinBalance,
  summary: "The member's balance, as the game shows it",
  tags: ['builtin games'],
  secret: true,
  body: z.object({ gameSession: gameSessionSchema }),
  value: balanceSchema,
});

export const builtinPlayCall = defineCall({
  ...routes.builtinPlay,
  summary: 'Play a round (an instant game settles it; a stepped game opens it)',
  tags: ['builtin games'],
  secret: true,
  bodyLimitBytes: BUILTIN_PLAY_BODY_MAX_BYTES,
  body: z
    .object({
      gameSession: gameSessionSchema,
      /** Chosen by the client per round: a retry with the same id replays the first answer. */
      clientRoundId: z.string().min(1).max(BUILTIN_CLIENT_ROUND_ID_MAX_LENGTH),
      /** The game's own parameters (stake included), checked strictly by the game's schema. */
      params: z.unknown(),
    })
    .strict(),
  value: roundAnswer,
});

export const builtinActCall = defineCall({
  ...routes.builtinAct,
  summary: 'One step of an open stepped round (Mines: reveal a tile, cash out)',
  tags: ['builtin games'],
  secret: true,
  bodyLimitBytes: BUILTIN_PLAY_BODY_MAX_BYTES,
  body: z
    .object({
      gameSession: gameSessionSchema,
      roundId: z.string().regex(/^[0-9]{1,19}$/),
      /**
       * Steps already taken when the client sent this: a retry of a step with the same action
       * replays it; the same step with another action is BUILTIN_STEP_ACTION_CONFLICT.
       */
      step: z.number().int().min(0),
      action: z.unknown(),
    })
    .strict(),
  value: roundAnswer,
});

export const builtinHistoryCall = defineCall({
  ...routes.builtinHistory,
  summary: "The member's rounds of this game, newest first, each with its proof",
  tags: ['builtin games'],
  secret: true,
  body: z.object({
    gameSession: gameSessionSchema,
    ...pageBodyParams({
      defaultPageSize: BUILTIN_HISTORY_PAGE_SIZE_DEFAULT,
      maxPageSize: BUILTIN_HISTORY_PAGE_SIZE_MAX,
      maxPageNo: BUILTIN_HISTORY_PAGE_NO_MAX,
    }),
  }),
  value: z.object({ list: z.array(builtinRoundSchema), ...pageEchoTotalsShape }),
});

export const builtinSeedsCall = defineCall({
  ...routes.builtinSeeds,
  summary: "The member's seeds (hash of the active server seed, client seed, nonce, next hash)",
  tags: ['builtin games'],
  secret: true,
  body: z.object({ gameSession: gameSessionSchema }),
  value: builtinSeedsSchema,
});

const seedChangeAnswer = z.object({
  seeds: builtinSeedsSchema,
  /** The pair just retired, its server seed revealed. */
  revealed: builtinRevealedSeedSchema,
});

export const builtinSetClientSeedCall = defineCall({
  ...routes.builtinSetClientSeed,
  summary: 'Set a new client seed: retires the active pair (revealed) and activates the next',
  tags: ['builtin games'],
  secret: true,
  body: z.object({
    gameSession: gameSessionSchema,
    clientSeed: z
      .string()
      .trim()
      .min(1)
      .max(BUILTIN_CLIENT_SEED_MAX_LENGTH)
      .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
  }),
  value: seedChangeAnswer,
});

export const builtinRotateSeedCall = defineCall({
  ...routes.builtinRotateSeed,
  summary: 'Rotate the seed pair: reveals the active server seed and activates the next',
  tags: ['builtin games'],
  secret: true,
  body: z.object({ gameSession: gameSessionSchema }),
  value: seedChangeAnswer,
});
