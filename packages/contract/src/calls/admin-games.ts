import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { gameCategories } from '../game-constants.js';
import { languageCodeSchema } from '../languages.js';
import { amountSchema } from './payments.js';

/** Longest name search an operator may type (a game name is far shorter). */
export const ADMIN_GAME_SEARCH_MAX_LENGTH = 80;
/** Longest game name per language (the lobby's cards show a few words). */
export const GAME_NAME_MAX_LENGTH = 120;
/** Sort orders run 0..GAME_SORT_ORDER_MAX; lists show the smallest first. */
export const GAME_SORT_ORDER_MAX = 100_000;
/** A vendor code (vassalage) as the catalogue stores it. */
const vassalageSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/);
const nodeIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
const sortOrderSchema = z.number().int().min(0).max(GAME_SORT_ORDER_MAX);
/** A boolean filter of a query string (`true`/`false`). */
const booleanFilter = z.enum(['true', 'false']).transform((value) => value === 'true');

export const adminGameVendorSchema = z.object({
  vassalage: z.string(),
  name: z.string(),
  /** The provider that serves the vendor's games (same code) and whether it is on. */
  providerName: z.string(),
  providerEnabled: z.boolean(),
  enabled: z.boolean(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  sortOrder: z.number().int(),
  gameCount: z.number().int(),
});
export type AdminGameVendor = z.infer<typeof adminGameVendorSchema>;

/** Where the server serves uploaded game icons (`/games/icons/<uuid>`). */
export const GAME_ICON_PATH_PREFIX = '/games/icons/';
/** Largest game icon an operator may upload (decoded bytes): the lobby shows icons at 200 px. */
export const GAME_ICON_MAX_BYTES = 256 * 1024;
const GAME_ICON_BASE64_MAX_LENGTH = Math.ceil(GAME_ICON_MAX_BYTES / 3) * 4;
/** Longest rules text per language (HTML), a few printed pages. */
export const GAME_RULES_MAX_LENGTH = 20_000;
/** A game code as providers send it in launch and wallet calls. */
export const gameCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,60}$/);
const gameIconUrlSchema = z
  .string()
  .regex(/^\/games\/icons\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

export const adminGameSchema = z.object({
  nodeId: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  gameType: z.string(),
  iconUrl: z.string(),
  enabled: z.boolean(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  sortOrder: z.number().int(),
  /** The game's name per language code. */
  names: z.record(z.string(), z.string()),
  /**
   * The languages the merchant offers that have no name for this game (issue 22 item 15): players
   * of those languages see the merchant's default game language instead.
   */
  missingLanguages: z.array(z.string()),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

export const adminGameVendorsCall = defineCall({
  ...adminRoutes.adminGameVendors,
  summary: "The merchant's game vendors with their providers, flags and game counts",
  tags: ['admin'],
  value: z.object({ list: z.array(adminGameVendorSchema) }),
});

export const adminGamesQuerySchema = cursorPageQuery.extend({
  vassalage: vassalageSchema.optional(),
  gameType: z.enum(gameCategories).optional(),
  enabled: booleanFilter.optional(),
  /** Part of a name (any language) or of the game code. */
  search: z.string().trim().min(1).max(ADMIN_GAME_SEARCH_MAX_LENGTH).optional(),
});

export const adminGamesCall = defineCall({
  ...adminRoutes.adminGames,
  summary: "The merchant's games (every state), by node id, paged by cursor",
  tags: ['admin'],
  query: adminGamesQuerySchema,
  value: cursorPageOf(adminGameSchema),
});

export const adminUpdateGameVendorCall = defineCall({
  ...adminRoutes.adminUpdateGameVendor,
  summary: 'Turn a vendor on or off, set its hot/new flags or order; the lobby shows it at once',
  tags: ['admin'],
  body: z
    .object({
      vassalage: vassalageSchema,
      enabled: z.boolean().optional(),
      isHot: z.boolean().optional(),
      isNew: z.boolean().optional(),
      sortOrder: sortOrderSchema.optional(),
    })
    .refine((body) => Object.keys(body).length > 1, { message: 'nothing to change' }),
  value: adminGameVendorSchema,
});

export const adminUpdateGameCall = defineCall({
  ...adminRoutes.adminUpdateGame,
  summary:
    'Turn a game on or off, set its hot/new flags, order or names per language; the lobby shows it at once',
  tags: ['admin'],
  body: z
    .object({
      nodeId: nodeIdSchema,
      enabled: z.boolean().optional(),
      isHot: z.boolean().optional(),
      isNew: z.boolean().optional(),
      sortOrder: sortOrderSchema.optional(),
      /** Names to set per language; an empty name removes that language's name. */
      names: z
        .partialRecord(languageCodeSchema, z.string().trim().max(GAME_NAME_MAX_LENGTH))
        .optional(),
      /** An icon uploaded through adminUploadGameIcon (`/games/icons/<uuid>`). */
      iconUrl: gameIconUrlSchema.optional(),
      /** Rules per language as HTML (sanitized by the server); an empty text clears them. */
      rules: z.partialRecord(languageCodeSchema, z.string().max(GAME_RULES_MAX_LENGTH)).optional(),
    })
    .refine((body) => Object.keys(body).length > 1, { message: 'nothing to change' }),
  value: adminGameSchema,
});

export const adminUploadGameIconCall = defineCall({
  ...adminRoutes.adminUploadGameIcon,
  summary:
    'Upload a game icon (PNG, JPEG or WebP by its bytes, base64): checked and re-encoded like banner images, served under /games/icons/',
  tags: ['admin'],
  bodyLimitBytes: GAME_ICON_BASE64_MAX_LENGTH + 4 * 1024,
  body: z.object({
    imageBase64: z
      .string()
      .min(1)
      .max(GAME_ICON_BASE64_MAX_LENGTH)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  }),
  value: z.object({ iconUrl: z.string(), width: z.number().int(), height: z.number().int() }),
});

export const adminCreateGameCall = defineCall({
  ...adminRoutes.adminCreateGame,
  summary:
    "Add a game to one of the merchant's vendors (code, category, names per language, uploaded icon); hidden until switched on",
  tags: ['admin'],
  body: z.object({
    vassalage: vassalageSchema,
    gameCode: gameCodeSchema,
    gameType: z.enum(gameCategories),
    names: z
      .partialRecord(languageCodeSchema, z.string().trim().max(GAME_NAME_MAX_LENGTH))
      .refine((names) => Object.values(names).some((name) => name !== undefined && name !== ''), {
        message: 'at least one name',
      }),
    iconUrl: gameIconUrlSchema,
    enabled: z.boolean().default(false),
  }),
  value: adminGameSchema,
});

/** A built-in PvP room as operators see it; stakes in major units. */
export const adminPvpRoomSchema = z.object({
  roomId: z.string(),
  nodeId: z.string(),
  gameCode: z.string(),
  names: z.record(z.string(), z.string()),
  minBet: z.number(),
  maxBet: z.number(),
  seats: z.number().int(),
  enabled: z.boolean(),
});
export type AdminPvpRoom = z.infer<typeof adminPvpRoomSchema>;

export const adminPvpRoomsCall = defineCall({
  ...adminRoutes.adminPvpRooms,
  summary: "The merchant's PvP rooms with their stake limits and state (one page: a few per game)",
  tags: ['admin'],
  value: z.object({ list: z.array(adminPvpRoomSchema) }),
});

export const adminUpdatePvpRoomCall = defineCall({
  ...adminRoutes.adminUpdatePvpRoom,
  summary: "Set a PvP room's stake limits (min ≤ max) and turn it on or off",
  tags: ['admin'],
  body: z
    .object({
      roomId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.-]{1,60}$/),
      minBet: amountSchema,
      maxBet: amountSchema,
      enabled: z.boolean(),
    })
    .refine((body) => body.minBet <= body.maxBet, {
      message: 'the smallest stake is above the largest',
      path: ['minBet'],
    }),
  value: adminPvpRoomSchema,
});
