/**
 * Games catalogue constants shared by the server and the web client (no zod here, so the web
 * bundle can import them from `@app/contract/client`).
 */

/** Game categories (SPEC §2, §3), in the order menus show them. */
export const gameCategories = [
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'INHOUSE',
] as const;
export type GameCategory = (typeof gameCategories)[number];

/** Sports cards of these vendors form the ESPORTS category (SPEC §3, §9). */
export const ESPORTS_VENDORS: readonly string[] = ['AV', 'AI', 'IMES', 'TF', 'IA'];

/** Page of each category (SPEC §2); the lobby is one screen with a category parameter. */
export const categoryPaths: Record<GameCategory, string> = {
  ELOTT: '/elott',
  LOTT: '/elott',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
  INHOUSE: '/inhouse',
};

/** Lottery vendors whose games open their own pages rather than the `/game` frame (SPEC §2). */
export const VN_LOTTERY_VASSALAGE = 'TCG_LOTTO_VN';
export const SEA_LOTTERY_VASSALAGE = 'TCG_SEA';

/** A catalogue entry is a game, or a vendor entry that opens a popup of its sub-games. */
export const gameEntryKinds = ['GAME', 'VASSALAGE'] as const;
export type GameEntryKind = (typeof gameEntryKinds)[number];

export const GAME_CLIENT_TYPE = 3;
export const GAME_IS_PLATFORM = 2;
/** Game list page size (SPEC §9) and the most a page may ask for. */
export const GAME_LIST_PAGE_SIZE = 42;
export const GAME_LIST_PAGE_SIZE_MAX = 100;
/** The highest page number of the game lists (game list, favourites, recent games). */
export const GAME_LIST_PAGE_NO_MAX = 10_000;
/** Popular games (SPEC §9) and the most a caller may ask for. */
export const POPULAR_GAMES_COUNT = 20;
export const POPULAR_GAMES_COUNT_MAX = 50;
export const HOT_GAMES_MAX = 50;
export const RECENT_GAMES_PAGE_SIZE = 20;
export const FAVOURITE_GAMES_MAX = 200;
export const RANK_LIST_SIZE = 20;
export const GAME_NAME_SEARCH_MAX_LENGTH = 50;
/** Pagination of game lists (SPEC §9): 1-based, 3 pages around the current one, 1 at each end. */
export const PAGINATION_RANGE = 3;
export const PAGINATION_MARGIN = 1;
