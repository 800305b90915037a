import { z } from 'zod';
import { defineCall } from '../call.js';
import { languageCodeSchema } from '../languages.js';
import {
  LOTTERY_BET_NUMBERS_MAX,
  LOTTERY_BET_POINTS_MAX,
  LOTTERY_HISTORY_PAGE_SIZE,
  LOTTERY_MY_BETS_PAGE_SIZE,
  LOTTERY_OPENED_NUMBERS_COUNT,
  LOTTERY_PAGE_NO_MAX,
  LOTTERY_PAGE_SIZE_MAX,
  LOTTERY_SLIP_BETS_MAX,
  LOTTERY_TREND_DRAW_COUNT,
  LOTTERY_TREND_DRAW_COUNT_MAX,
  lotteryAreas,
  lotteryBetStatuses,
  lotteryDrawEventTypes,
  lotteryDrawSources,
  lotteryDrawStatuses,
  lotteryFormats,
  lotteryPrizeModes,
} from '../lottery-constants.js';
import { pageNoTotalsShape, pageQueryParams } from '../paging.js';
import { routes } from '../routes.js';

export const lotteryAreaSchema = z.enum(lotteryAreas);
export const lotteryPrizeModeSchema = z.enum(lotteryPrizeModes);
export const lotteryFormatSchema = z.enum(lotteryFormats);
export const lotteryDrawStatusSchema = z.enum(lotteryDrawStatuses);
export const lotteryBetStatusSchema = z.enum(lotteryBetStatuses);

/** A lottery game code (also the game code of its catalogue entry). */
export const lotteryGameCodeSchema = z.string().regex(/^[A-Z0-9_]{1,40}$/);

/** The language of names; else the request's `Language` header. */
const languageParam = z
  .string()
  .max(8)
  .transform((value) => value.toUpperCase())
  .pipe(languageCodeSchema)
  .optional();

/** The original clients send these; they change nothing on this server. */
const clientParams = {
  device: z.string().max(16).optional(),
  platform: z.string().max(32).optional(),
  clientType: z.coerce.number().int().optional(),
  merchantCode: z.string().max(40).optional(),
};

const pageParams = (defaultPageSize: number) =>
  pageQueryParams({
    defaultPageSize,
    maxPageSize: LOTTERY_PAGE_SIZE_MAX,
    maxPageNo: LOTTERY_PAGE_NO_MAX,
  });

/** A draw's result: prize code -> numbers as digit strings (e.g. `{ special: ['12345'] }`). */
export const lotteryResultSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_]{1,24}$/),
  z
    .array(z.string().regex(/^[0-9]{1,8}$/))
    .min(1)
    .max(20),
);
export type LotteryResult = z.infer<typeof lotteryResultSchema>;

export const lotteryBetTypeSchema = z.object({
  /** The bet type's code in `@app/game-math/lottery` (clients translate it). */
  code: z.string(),
  /** Payout per unit staked for one hit, stake included (e.g. 99 for lô 2 số at 1:99). */
  odds: z.number(),
  /** Declared return to player in percent (e.g. 95.45). */
  rtp: z.number(),
});
export type LotteryBetType = z.infer<typeof lotteryBetTypeSchema>;

export const lotteryGameSchema = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  area: lotteryAreaSchema,
  prizeMode: lotteryPrizeModeSchema,
  format: lotteryFormatSchema,
  /** The catalogue vendor (TCG_LOTTO_VN, TCG_SEA, TCG_ELOTT) and entry. */
  vassalage: z.string(),
  nodeId: z.number().int().nullable(),
  source: z.enum(lotteryDrawSources),
  /** House fast draws: seconds between draws; daily / real draws: null. */
  intervalSeconds: z.number().int().nullable(),
  /** Betting closes this many seconds before the draw time. */
  closeOffsetSeconds: z.number().int(),
  /** Whether an open bet may be cancelled before the draw closes. */
  cancelAllowed: z.boolean(),
  /** Stake limits of one bet (major units). */
  minStakePerBet: z.number(),
  maxStakePerBet: z.number(),
  /**
   * The slip's first amount per point and its quick amounts (major units), from the merchant's
   * stake profile for its currency, within this game's limits (issue 22: VND slips start at
   * thousands of dong, not at 1 ₫).
   */
  defaultAmountPerPoint: z.number(),
  quickAmounts: z.array(z.number()),
  betTypes: z.array(lotteryBetTypeSchema),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

export const lotteryDrawSchema = z.object({
  drawId: z.number().int(),
  gameCode: z.string(),
  /** Human draw number, unique per game (e.g. `20261122-0785`). */
  drawNo: z.string(),
  status: lotteryDrawStatusSchema,
  opensAtMs: z.number().int(),
  closesAtMs: z.number().int(),
  drawAtMs: z.number().int(),
  /** House draws: SHA-256 (hex) of the seed, published when the draw opens. */
  seedHash: z.string().nullable(),
  /** House draws: the seed (hex), revealed once drawn; recompute with `drawSeededResult`. */
  seed: z.string().nullable(),
  /** The `drawKey` of `drawSeededResult` (house draws), so anyone can recompute the result. */
  drawKey: z.string().nullable(),
  result: lotteryResultSchema.nullable(),
  drawnAtMs: z.number().int().nullable(),
  settledAtMs: z.number().int().nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

export const lotteryBetSchema = z.object({
  betId: z.number().int(),
  slipId: z.string(),
  gameCode: z.string(),
  drawId: z.number().int(),
  drawNo: z.string(),
  betType: z.string(),
  numbers: z.array(z.string()),
  position: z.number().int().nullable(),
  /** Major units. stake = amountPerPoint x points (points: the selection's combinations). */
  amountPerPoint: z.number(),
  points: z.number().int(),
  stake: z.number(),
  odds: z.number(),
  status: lotteryBetStatusSchema,
  /** Hits found at settlement (lô pays per occurrence); null while open. */
  hits: z.number().int().nullable(),
  /** Amount credited (stake included when won; the refund when cancelled / void). */
  payout: z.number(),
  placedAtMs: z.number().int(),
  settledAtMs: z.number().int().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

/** A realtime event on `lotteryDrawTopic(gameCode)`: small; pages refetch details. */
export const lotteryDrawEventSchema = z.object({
  type: z.enum(lotteryDrawEventTypes),
  gameCode: z.string(),
  drawId: z.number().int(),
  drawNo: z.string(),
  status: lotteryDrawStatusSchema,
  closesAtMs: z.number().int(),
  drawAtMs: z.number().int(),
  seedHash: z.string().nullable(),
  seed: z.string().nullable(),
  result: lotteryResultSchema.nullable(),
});
export type LotteryDrawEvent = z.infer<typeof lotteryDrawEventSchema>;

// ---- The spec's calls (SPEC §7 Lottery) ----

export const lotteryGameMenuCall = defineCall({
  ...routes.lotteryGameMenu,
  summary: 'Lottery games of a prize mode (SPEC §7), with their bet types, odds and limits',
  tags: ['lottery'],
  query: z.object({
    prizeMode: lotteryPrizeModeSchema.optional(),
    language: languageParam,
    ...clientParams,
  }),
  value: z.object({ list: z.array(lotteryGameSchema) }),
});

export const lotteryRecentGamesCall = defineCall({
  ...routes.lotteryRecentGames,
  summary: 'Lottery games the member bet on lately, most recent first (guests: none)',
  tags: ['lottery'],
  query: z.object({
    prizeMode: lotteryPrizeModeSchema.optional(),
    language: languageParam,
    ...clientParams,
  }),
  value: z.object({ list: z.array(lotteryGameSchema) }),
});

export const lotteryOpenedNumbersCall = defineCall({
  ...routes.lotteryOpenedNumbers,
  summary: 'The latest drawn results of a game, newest first (SPEC: count 100)',
  tags: ['lottery'],
  query: z.object({
    gameCode: lotteryGameCodeSchema,
    count: z.coerce
      .number()
      .int()
      .min(1)
      .max(LOTTERY_OPENED_NUMBERS_COUNT)
      .default(LOTTERY_OPENED_NUMBERS_COUNT),
    ...clientParams,
  }),
  value: z.object({ gameCode: z.string(), list: z.array(lotteryDrawSchema) }),
});

export const lotteryOpenedNumeroCall = defineCall({
  ...routes.lotteryOpenedNumero,
  summary: 'The latest drawn result of every game (of a prize mode), for the lobby',
  tags: ['lottery'],
  query: z.object({ prizeMode: lotteryPrizeModeSchema.optional(), ...clientParams }),
  value: z.object({ list: z.array(lotteryDrawSchema) }),
});

export const lotteryLaunchCall = defineCall({
  ...routes.lotteryLaunch,
  summary: "The lobby launch of a lottery game: answers the URL of the site's own lottery page",
  tags: ['lottery'],
  body: z.object({
    lottoArea: lotteryAreaSchema.default('VN'),
    launchMode: z.literal('LOTT').default('LOTT'),
    prizeMode: lotteryPrizeModeSchema.optional(),
    gameCode: lotteryGameCodeSchema,
    view: z.string().max(32).optional(),
    device: z.string().max(16).optional(),
    /** Where the page's back button goes: a site path only (an outside URL is dropped). */
    backUrl: z.string().max(500).optional(),
    language: languageParam,
  }),
  value: z.object({ game_url: z.string(), area: lotteryAreaSchema, gameCode: z.string() }),
});

// ---- The calls of the lottery pages ----

export const lotteryGamesCall = defineCall({
  ...routes.lotteryGames,
  summary: 'Lottery games of an area (or all), with bet types, odds and limits',
  tags: ['lottery'],
  query: z.object({ area: lotteryAreaSchema.optional(), language: languageParam }),
  value: z.object({ list: z.array(lotteryGameSchema) }),
});

export const lotteryCurrentDrawCall = defineCall({
  ...routes.lotteryCurrentDraw,
  summary:
    'The draw taking bets now (or null), the next one, the last drawn one, and the server time',
  tags: ['lottery'],
  query: z.object({ gameCode: lotteryGameCodeSchema }),
  value: z.object({
    gameCode: z.string(),
    /** Milliseconds since the epoch, for countdowns that correct the client clock. */
    serverTimeMs: z.number().int(),
    current: lotteryDrawSchema.nullable(),
    next: lotteryDrawSchema.nullable(),
    last: lotteryDrawSchema.nullable(),
  }),
});

export const lotteryDrawHistoryCall = defineCall({
  ...routes.lotteryDrawHistory,
  summary: 'Drawn (and void) draws of a game, newest first, paged',
  tags: ['lottery'],
  query: z.object({
    gameCode: lotteryGameCodeSchema,
    ...pageParams(LOTTERY_HISTORY_PAGE_SIZE),
  }),
  value: z.object({ list: z.array(lotteryDrawSchema), ...pageNoTotalsShape }),
});

export const lotteryTrendCall = defineCall({
  ...routes.lotteryTrend,
  summary:
    'Trend chart data over the last N drawn draws: per position, each value with its frequency and missing count',
  tags: ['lottery'],
  query: z.object({
    gameCode: lotteryGameCodeSchema,
    count: z.coerce
      .number()
      .int()
      .min(1)
      .max(LOTTERY_TREND_DRAW_COUNT_MAX)
      .default(LOTTERY_TREND_DRAW_COUNT),
  }),
  value: z.object({
    gameCode: z.string(),
    /** The draws used, oldest first: each draw's tracked digits, one per position. */
    draws: z.array(z.object({ drawNo: z.string(), values: z.array(z.string()) })),
    positions: z.array(
      z.object({
        /** 0-based position of the tracked number (VN / Thai: digits of the top prize). */
        position: z.number().int(),
        values: z.array(
          z.object({
            value: z.string(),
            /** Draws of the window where this value came up at this position. */
            frequency: z.number().int(),
            /** Draws since it last came up (the window's size when never). */
            missing: z.number().int(),
          }),
        ),
      }),
    ),
  }),
});

export const lotteryBetRequestSchema = z.object({
  betType: z.string().min(1).max(40),
  /** Picked numbers or options as the bet type's selection rule says (digits, BIG, ODD, ...). */
  numbers: z
    .array(z.string().regex(/^[A-Za-z0-9_]{1,12}$/))
    .min(1)
    .max(LOTTERY_BET_NUMBERS_MAX),
  /** For position bets (DIGIT5): the 0-based position. */
  position: z.number().int().min(0).max(9).optional(),
  /** Major units, at most two decimals. */
  amountPerPoint: z.number().positive().max(1_000_000_000),
  /**
   * What the client counted: the server counts the points itself from the selection (N picks
   * on a bet type of combination size k are C(N, k) points; game-math `validateSelection`) and
   * stakes amountPerPoint x points; `totalAmount` is what guards against a disagreement.
   */
  points: z.number().int().min(1).max(LOTTERY_BET_POINTS_MAX).default(1),
});
export type LotteryBetRequest = z.input<typeof lotteryBetRequestSchema>;

export const lotteryPlaceSlipCall = defineCall({
  ...routes.lotteryPlaceSlip,
  summary:
    'Place a bet slip on an open draw: all bets or none; the slip id (or Idempotency-Key) makes a retry replay the first answer',
  tags: ['lottery'],
  body: z.object({
    /** Made by the client once per slip; a retry with the same id replays. */
    slipId: z.uuid(),
    gameCode: lotteryGameCodeSchema,
    drawId: z.number().int().positive(),
    bets: z.array(lotteryBetRequestSchema).min(1).max(LOTTERY_SLIP_BETS_MAX),
    /** The total the member confirmed (sum of amountPerPoint x points); checked by the server. */
    totalAmount: z.number().positive(),
  }),
  value: z.object({
    slipId: z.string(),
    gameCode: z.string(),
    drawId: z.number().int(),
    drawNo: z.string(),
    totalAmount: z.number(),
    bets: z.array(lotteryBetSchema),
  }),
});

export const lotteryMyBetsCall = defineCall({
  ...routes.lotteryMyBets,
  summary: "The member's lottery bets, newest first, paged, by game, draw and status",
  tags: ['lottery'],
  query: z.object({
    gameCode: lotteryGameCodeSchema.optional(),
    drawId: z.coerce.number().int().positive().optional(),
    status: lotteryBetStatusSchema.optional(),
    ...pageParams(LOTTERY_MY_BETS_PAGE_SIZE),
  }),
  value: z.object({ list: z.array(lotteryBetSchema), ...pageNoTotalsShape }),
});

export const lotteryCancelBetCall = defineCall({
  ...routes.lotteryCancelBet,
  summary:
    'Cancel an open bet before its draw closes, where the game allows: the stake is refunded once',
  tags: ['lottery'],
  body: z.object({ betId: z.number().int().positive() }),
  value: lotteryBetSchema,
});
