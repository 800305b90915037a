/** The slider puzzle's limits that server and browser share (zod-free: the web imports it). */

/** A puzzle can be solved this long after it is drawn, once. */
export const SLIDER_CHALLENGE_TTL_MS = 2 * 60 * 1000;
/** A solved puzzle's challenge token is good for one guarded call within this long. */
export const SLIDER_TOKEN_TTL_MS = 2 * 60 * 1000;
/** Most drag points a verify call carries; the browser thins a longer drag to this many. */
export const SLIDER_TRACE_MAX_POINTS = 400;
/** Any coordinate of a trace point, in puzzle pixels, lies within ± this. */
export const SLIDER_TRACE_COORDINATE_LIMIT_PX = 10_000;
/** Any time of a trace point, in ms since the drag began, lies within this (the puzzle's life). */
export const SLIDER_TRACE_TIME_LIMIT_MS = SLIDER_CHALLENGE_TTL_MS;
/** Longest challenge token or puzzle id a call accepts. */
export const SLIDER_ID_MAX_LENGTH = 64;
