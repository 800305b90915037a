/**
 * Limits of the betting records (betting record, personal profit, round detail), shared by the
 * server and the web without zod.
 */

/**
 * How far back the records reach: three months of the longest kind (31 + 31 + 30 days) and a
 * day of slack for time zones. A query that starts earlier is refused (`RECORD_RANGE_TOO_OLD`).
 */
export const GAME_RECORD_HISTORY_DAYS = 93;
/** The range a betting-record or profit query covers when it names none. */
export const GAME_RECORD_RANGE_DEFAULT_DAYS = 7;
export const GAME_RECORD_PAGE_SIZE_DEFAULT = 10;
export const GAME_RECORD_PAGE_SIZE_MAX = 50;
/** Pages past this are refused: a member pages a bounded range, not the whole history. */
export const GAME_RECORD_PAGE_NO_MAX = 10_000;
/** Longest IANA time-zone name accepted by the profit call. */
export const TIME_ZONE_MAX_LENGTH = 64;

/** States of a round (`game_rounds.status`). */
export const gameRoundStatuses = ['open', 'settled', 'cancelled'] as const;
export type GameRoundStatus = (typeof gameRoundStatuses)[number];
