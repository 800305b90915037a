import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  FAVOURITE_GAMES_MAX,
  GAME_LIST_PAGE_NO_MAX,
  GAME_LIST_PAGE_SIZE,
  GAME_LIST_PAGE_SIZE_MAX,
  GAME_NAME_SEARCH_MAX_LENGTH,
  gameCategories,
  gameEntryKinds,
  HOT_GAMES_MAX,
  POPULAR_GAMES_COUNT,
  POPULAR_GAMES_COUNT_MAX,
  RANK_LIST_SIZE,
  RECENT_GAMES_PAGE_SIZE,
} from '../game-constants.js';
import { languageCodeSchema } from '../languages.js';
import { pageNoTotalsShape, pageQueryParams, pageTotalsShape } from '../paging.js';
import { routes } from '../routes.js';

/** A vendor (provider) code, `vassalage` in the original API. */
export const vassalageSchema = z.string().regex(/^[A-Z0-9_]{1,40}$/);
export const gameCategorySchema = z.enum(gameCategories);

/** The original clients send these; they change nothing on this server. */
const clientParams = {
  clientType: z.coerce.number().int().optional(),
  platform: z.string().max(32).optional(),
  channel: z.string().max(40).optional(),
  merchant: z.string().max(40).optional(),
  merchantCode: z.string().max(40).optional(),
  isPlatform: z.coerce.number().int().optional(),
};

/** The language of names and rules; else the request's `Language` header. */
const languageParam = z
  .string()
  .max(8)
  .transform((value) => value.toUpperCase())
  .pipe(languageCodeSchema)
  .optional();

const pageParams = (defaultPageSize: number) =>
  pageQueryParams({
    defaultPageSize,
    maxPageSize: GAME_LIST_PAGE_SIZE_MAX,
    maxPageNo: GAME_LIST_PAGE_NO_MAX,
  });

export const gameSchema = z.object({
  nodeId: z.number().int(),
  vassalage: z.string(),
  /** The category (SPEC §3 gameType). */
  gameType: gameCategorySchema,
  /** Name in the requested language (else the merchant's default, else any). */
  gameName: z.string(),
  /** Sub-type within the category (slot, table, crash, ...); free text of the vendor. */
  gameClassify: z.string().nullable(),
  /** Smallest stake, major units. */
  minBet: z.number(),
  minLineNum: z.number().int(),
  gameCode: z.string(),
  /** VASSALAGE entries open the popup list of their sub-games (`parentNodeId` = this nodeId). */
  isGame: z.enum(gameEntryKinds),
  parentNodeId: z.number().int().nullable(),
  /** Site path or http(s) URL of the icon. */
  iconUrl: z.string(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  /** Declared return to player in percent (96.5), when the vendor states one. */
  rtp: z.number().nullable(),
});
export type Game = z.infer<typeof gameSchema>;

export const vendorCardSchema = z.object({
  vassalage: z.string(),
  name: z.string(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  /** How many enabled games of this category the vendor has. */
  gameCount: z.number().int(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

/** One category of the menus: only categories with at least one vendor are listed. */
export const vendorCategorySchema = z.object({
  gameCategory: gameCategorySchema,
  /** The category code; clients translate it. */
  title: z.string(),
  gameClassify: z.string().nullable(),
  cards: z.array(vendorCardSchema),
});
export type VendorCategory = z.infer<typeof vendorCategorySchema>;

export const gameMenusCall = defineCall({
  ...routes.gameMenus,
  summary: 'Game categories of the merchant with their vendors (only categories with a vendor)',
  tags: ['games'],
  query: z.object({ language: languageParam, ...clientParams }),
  value: z.array(vendorCategorySchema),
});

export const popularGamesCall = defineCall({
  ...routes.popularGames,
  summary: 'The most launched games of the last days (then hot games), at most `count`',
  tags: ['games'],
  query: z.object({
    count: z.coerce.number().int().min(1).max(POPULAR_GAMES_COUNT_MAX).default(POPULAR_GAMES_COUNT),
    gameType: gameCategorySchema.optional(),
    language: languageParam,
    ...clientParams,
  }),
  value: z.object({ list: z.array(gameSchema) }),
});

export const hotGamesCall = defineCall({
  ...routes.hotGames,
  summary: 'Games flagged hot, optionally of one vendor',
  tags: ['games'],
  query: z.object({
    vassalage: vassalageSchema.optional(),
    gameType: gameCategorySchema.optional(),
    count: z.coerce.number().int().min(1).max(HOT_GAMES_MAX).default(HOT_GAMES_MAX),
    language: languageParam,
    ...clientParams,
  }),
  value: z.object({ list: z.array(gameSchema) }),
});

export const gameListCall = defineCall({
  ...routes.gameList,
  summary:
    'Games filtered by category, vendor, classify, name (any language), stake and lines; paged',
  tags: ['games'],
  query: z.object({
    gameType: gameCategorySchema.optional(),
    vassalage: vassalageSchema.optional(),
    gameClassify: z.string().max(40).optional(),
    /** Part of the name in any language, case-insensitive. */
    gameName: z.string().trim().max(GAME_NAME_SEARCH_MAX_LENGTH).optional(),
    /** Games whose smallest stake is at most this (major units). */
    minBet: z.coerce.number().min(0).max(1_000_000_000).optional(),
    /** Games with at most this many lines. */
    minLineNum: z.coerce.number().int().min(0).max(10_000).optional(),
    /** Sub-games of a VASSALAGE entry. */
    parentNodeId: z.coerce.number().int().positive().optional(),
    language: languageParam,
    ...pageParams(GAME_LIST_PAGE_SIZE),
    ...clientParams,
  }),
  value: z.object({
    games: z.array(gameSchema),
    ...pageNoTotalsShape,
  }),
});

export const vassGameTypeCall = defineCall({
  ...routes.vassGameType,
  summary: "A vendor's categories and classifies with their game counts",
  tags: ['games'],
  query: z.object({ vassalage: vassalageSchema, language: languageParam, ...clientParams }),
  value: z.object({
    list: z.array(
      z.object({
        gameType: gameCategorySchema,
        gameClassify: z.string().nullable(),
        count: z.number().int(),
      }),
    ),
  }),
});

export const newGameVendorCall = defineCall({
  ...routes.newGameVendor,
  summary: 'Vendors flagged new, or with games flagged new',
  tags: ['games'],
  query: z.object({ language: languageParam, ...clientParams }),
  value: z.object({
    list: z.array(vendorCardSchema.extend({ gameType: gameCategorySchema })),
  }),
});

export const favouriteGamesCall = defineCall({
  ...routes.favouriteGames,
  summary: "The member's favourite games, newest first, paged",
  tags: ['games'],
  query: z.object({
    gameType: gameCategorySchema.optional(),
    language: languageParam,
    ...pageParams(GAME_LIST_PAGE_SIZE),
    ...clientParams,
  }),
  value: z.object({
    content: z.array(gameSchema),
    ...pageTotalsShape,
  }),
});

export const favouriteGameIdsCall = defineCall({
  ...routes.favouriteGameIds,
  summary: "The nodeIds of the member's favourite games",
  tags: ['games'],
  query: z.object({ ...clientParams }),
  value: z.array(z.number().int()).max(FAVOURITE_GAMES_MAX),
});

const favouriteBody = z.object({
  nodeId: z.coerce.number().int().positive(),
  /** The game's vassalage; must match the game. */
  vendor: vassalageSchema,
  gameType: gameCategorySchema,
});

export const addFavouriteGameCall = defineCall({
  ...routes.addFavouriteGame,
  summary: `Add a game to the member's favourites (at most ${FAVOURITE_GAMES_MAX}); adding twice is fine`,
  tags: ['games'],
  body: favouriteBody,
  value: z.object({ nodeId: z.number().int(), favourite: z.literal(true) }),
});

export const removeFavouriteGameCall = defineCall({
  ...routes.removeFavouriteGame,
  summary: "Remove a game from the member's favourites; removing twice is fine",
  tags: ['games'],
  body: favouriteBody,
  value: z.object({ nodeId: z.number().int(), favourite: z.literal(false) }),
});

export const recentGamesCall = defineCall({
  ...routes.recentGames,
  summary: 'Games the member launched, most recent first, paged',
  tags: ['games'],
  query: z.object({
    vassalage: vassalageSchema.optional(),
    gameType: gameCategorySchema.optional(),
    language: languageParam,
    ...pageParams(RECENT_GAMES_PAGE_SIZE),
    ...clientParams,
  }),
  value: z.object({
    list: z.array(gameSchema.extend({ playedAt: z.number().int() })),
    ...pageTotalsShape,
  }),
});

export const rankEntrySchema = z.object({
  /** The winner's account, masked (ab***9). */
  account: z.string(),
  nodeId: z.number().int(),
  vassalage: z.string(),
  gameName: z.string(),
  gameType: gameCategorySchema,
  /** The round's win, major units. */
  winAmount: z.number(),
  /** Win divided by stake, two decimals. */
  multiplier: z.number(),
  /** Milliseconds since the epoch. */
  wonAt: z.number().int(),
});
export type RankEntry = z.infer<typeof rankEntrySchema>;

export const rankListCall = defineCall({
  ...routes.rankList,
  summary: 'Winner board: the biggest settled wins of the last days, from real rounds',
  tags: ['games'],
  query: z.object({
    gameType: gameCategorySchema.optional(),
    vassalage: vassalageSchema.optional(),
    count: z.coerce.number().int().min(1).max(RANK_LIST_SIZE).default(RANK_LIST_SIZE),
    language: languageParam,
    ...clientParams,
  }),
  value: z.object({ list: z.array(rankEntrySchema) }),
});

export const pvpRoomSchema = z.object({
  roomId: z.string(),
  nodeId: z.number().int(),
  vassalage: z.string(),
  name: z.string(),
  minBet: z.number(),
  maxBet: z.number(),
  seats: z.number().int(),
  players: z.number().int(),
  status: z.enum(['open', 'full', 'closed']),
});
export type PvpRoom = z.infer<typeof pvpRoomSchema>;

export const pvpRoomListCall = defineCall({
  ...routes.pvpRoomList,
  summary: 'Rooms of the player-versus-player games',
  tags: ['games'],
  query: z.object({
    nodeId: z.coerce.number().int().positive().optional(),
    vassalage: vassalageSchema.optional(),
    language: languageParam,
    ...clientParams,
  }),
  value: z.object({ list: z.array(pvpRoomSchema) }),
});

export const launchGameCall = defineCall({
  ...routes.launchGame,
  summary: 'Launch a game (or a pvp room) for the member; answers the URL to open in /game',
  tags: ['games'],
  secret: true,
  body: z.object({
    /** The vendor's game code (or the nodeId as text); `nodeId` decides when both are sent. */
    gameId: z.union([z.string().max(80), z.number().int()]).optional(),
    roomId: z.string().max(80).optional(),
    nodeId: z.coerce.number().int().positive(),
    vassalage: vassalageSchema,
    /** 1: real money (trial accounts play with their demo balance). */
    accountType: z.coerce.number().int().default(1),
    /** 1: move the main balance into a transfer-mode vendor's wallet before launching. */
    confirmTrans: z.coerce.number().int().min(0).max(1).default(0),
    launchMode: z.string().max(16).default('GLS'),
    language: languageParam,
    ...clientParams,
    /** The original clients repeat these; the session decides. */
    username: z.string().max(100).optional(),
    token: z.string().max(200).optional(),
  }),
  value: z.object({
    game_url: z.string(),
    game_url2: z.string().nullable(),
  }),
});
