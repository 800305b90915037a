/**
 * The built-in game provider (docs/games-builtin.md): games served by this project that
 * pay through the seamless-wallet interface in-process. One provider, offered to a merchant as
 * one vendor whose games sit in two categories (slots in RNG, the rest in INHOUSE).
 */
export const BUILTIN_VASSALAGE = 'INH';

/** The catalogue game codes of the built-in games. */
export const builtinGameCodes = {
  jadeDragon: 'inh-jade-dragon',
  neonFruits: 'inh-neon-fruits',
  dice: 'inh-dice',
  mines: 'inh-mines',
  plinko: 'inh-plinko',
} as const;
export type BuiltinGameCode = (typeof builtinGameCodes)[keyof typeof builtinGameCodes];
export const builtinSlotGameCodes = [builtinGameCodes.jadeDragon, builtinGameCodes.neonFruits];
export const builtinInhouseGameCodes = [
  builtinGameCodes.dice,
  builtinGameCodes.mines,
  builtinGameCodes.plinko,
];

/** The web path (outside the site frame) that a built-in game's launch URL opens in `/game`. */
export const BUILTIN_PLAY_PATH_PREFIX = '/play';
/** The public page that recomputes any round from its seeds. */
export const FAIRNESS_VERIFY_PATH = '/verify';

/** The play shell keeps its game session under this sessionStorage key (one per game code). */
export const BUILTIN_GAME_SESSION_STORAGE_PREFIX = 'builtin-game-session:';
/** Longest client seed a player may set (same as `CLIENT_SEED_MAX_LENGTH` in game-math). */
export const BUILTIN_CLIENT_SEED_MAX_LENGTH = 64;
/** Client round ids: what a retry of the same play sends again. */
export const BUILTIN_CLIENT_ROUND_ID_MAX_LENGTH = 64;
export const BUILTIN_HISTORY_PAGE_SIZE_DEFAULT = 10;
export const BUILTIN_HISTORY_PAGE_SIZE_MAX = 50;
/** The history pages back this far at most (a member pages recent rounds, not all of them). */
export const BUILTIN_HISTORY_PAGE_NO_MAX = 1000;
/**
 * Largest body of a play or act call. The real ones are well under 300 bytes (a game session, a
 * round id and a few numbers); the bound keeps a round's stored parameters far below the seamless
 * wallet's detail limit.
 */
export const BUILTIN_PLAY_BODY_MAX_BYTES = 2 * 1024;
