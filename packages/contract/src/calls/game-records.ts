import { z } from 'zod';
import { defineCall } from '../call.js';
import { gameCategories } from '../game-constants.js';
import {
  GAME_RECORD_PAGE_NO_MAX,
  GAME_RECORD_PAGE_SIZE_DEFAULT,
  GAME_RECORD_PAGE_SIZE_MAX,
  gameRoundStatuses,
  TIME_ZONE_MAX_LENGTH,
} from '../game-records-constants.js';
import { pageEchoTotalsShape, pageQueryParams } from '../paging.js';
import { routes } from '../routes.js';

/** [from, to) of a records query (ISO 8601 with offset); checked by the server. */
const rangeQuery = {
  /** Start, inclusive; default 7 days before `to`; never before the history window. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** End, exclusive; default now. */
  to: z.iso.datetime({ offset: true }).optional(),
};

const categorySchema = z.enum(gameCategories);
const vendorParam = z.string().regex(/^[A-Z0-9_]{1,40}$/);
/** Round ids are bigints, sent as digit strings. */
const roundIdSchema = z.string().regex(/^[1-9][0-9]{0,18}$/);

export const gameRoundRowSchema = z.object({
  /** This platform's id of the round (for the detail call). */
  roundId: z.string(),
  /** The provider's id of the round. */
  roundRef: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  nodeId: z.number().int().nullable(),
  gameCode: z.string().nullable(),
  /** In the request's language, else the merchant's default, else the game code. */
  gameName: z.string().nullable(),
  gameType: categorySchema,
  status: z.enum(gameRoundStatuses),
  /** Major units. Profit = win + refunded - stake (an open round counts what is known). */
  stake: z.number(),
  win: z.number(),
  refunded: z.number(),
  profit: z.number(),
  currency: z.string(),
  startedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type GameRoundRow = z.infer<typeof gameRoundRowSchema>;

/** Sums over a set of rounds, major units. */
export const gameRecordTotalsSchema = z.object({
  rounds: z.number().int(),
  stake: z.number(),
  win: z.number(),
  refunded: z.number(),
  profit: z.number(),
});
export type GameRecordTotals = z.infer<typeof gameRecordTotalsSchema>;

export const bettingRecordsCall = defineCall({
  ...routes.bettingRecords,
  summary:
    "The member's betting record (personalHistoryCopy): rounds newest first, filtered, paged, with totals of the whole filtered set",
  tags: ['game-records'],
  query: z.object({
    gameType: categorySchema.optional(),
    vassalage: vendorParam.optional(),
    status: z.enum(gameRoundStatuses).optional(),
    ...rangeQuery,
    ...pageQueryParams({
      defaultPageSize: GAME_RECORD_PAGE_SIZE_DEFAULT,
      maxPageSize: GAME_RECORD_PAGE_SIZE_MAX,
      maxPageNo: GAME_RECORD_PAGE_NO_MAX,
    }),
  }),
  value: z.object({
    list: z.array(gameRoundRowSchema),
    ...pageEchoTotalsShape,
    /** Over every round of the filter, not only this page. */
    totals: gameRecordTotalsSchema,
    from: z.string(),
    to: z.string(),
  }),
});

export const gameRecordFiltersCall = defineCall({
  ...routes.gameRecordFilters,
  summary: 'The categories and vendors of the rounds the member played within the history window',
  tags: ['game-records'],
  value: z.object({
    gameTypes: z.array(categorySchema),
    vendors: z.array(z.object({ vassalage: z.string(), name: z.string() })),
  }),
});
export type GameRecordFilters = z.infer<typeof gameRecordFiltersCall.value>;

const profitCellSchema = gameRecordTotalsSchema.extend({
  /** Calendar day (yyyy-MM-dd) in the query's time zone. */
  day: z.string(),
  gameType: categorySchema,
});

export const personalProfitCall = defineCall({
  ...routes.personalProfit,
  summary:
    "The member's profit and loss (personalProfit) per day and per category over a range, with totals",
  tags: ['game-records'],
  query: z.object({
    ...rangeQuery,
    /** IANA zone whose calendar days group the rounds; default UTC. */
    timeZone: z.string().min(1).max(TIME_ZONE_MAX_LENGTH).optional(),
  }),
  value: z.object({
    /** One cell per day and category that has rounds, days ascending. */
    list: z.array(profitCellSchema),
    days: z.array(gameRecordTotalsSchema.extend({ day: z.string() })),
    categories: z.array(gameRecordTotalsSchema.extend({ gameType: categorySchema })),
    totals: gameRecordTotalsSchema,
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
  }),
});
export type PersonalProfit = z.infer<typeof personalProfitCall.value>;

export const gameRoundDetailSchema = gameRoundRowSchema.extend({
  /** The provider's JSON of the round (choices, outcome, ...), as stored. */
  detail: z.record(z.string(), z.unknown()),
});
export type GameRoundDetail = z.infer<typeof gameRoundDetailSchema>;

export const gameRoundCall = defineCall({
  ...routes.gameRound,
  summary: "One of the member's rounds with its detail (another member's id is NOT_FOUND)",
  tags: ['game-records'],
  query: z.object({ roundId: roundIdSchema }),
  value: gameRoundDetailSchema,
});

export const lastGameRoundCall = defineCall({
  ...routes.lastGameRound,
  summary: "The member's most recent round with its detail (last-game recall), or null",
  tags: ['game-records'],
  value: z.object({ round: gameRoundDetailSchema.nullable() }),
});
