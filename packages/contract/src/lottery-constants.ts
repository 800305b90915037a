/**
 * Lottery constants shared by the server and the web client (no zod here, so the web bundle can
 * import them from `@app/contract/client`). See docs/lottery-engine.md.
 */

/** Lottery vendor of the quick lotteries (five digits, three dice) in category ELOTT. */
export const ELOTT_LOTTERY_VASSALAGE = 'TCG_ELOTT';

/** Areas of lottery games: a page each (`/vnLottery`, `/seaLottery`, `/lottery`). */
export const lotteryAreas = ['VN', 'SEA', 'ELOTT'] as const;
export type LotteryArea = (typeof lotteryAreas)[number];

/** Prize modes (SPEC §9): which menu a game is listed under. */
export const lotteryPrizeModes = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type LotteryPrizeMode = (typeof lotteryPrizeModes)[number];

/** Result formats (the maths of each is in `@app/game-math/lottery`). */
export const lotteryFormats = ['VN_NORTH', 'VN_SOUTH', 'THAI', 'DIGIT5', 'DICE3'] as const;
export type LotteryFormat = (typeof lotteryFormats)[number];

/** house: fast draws from our RNG (commit and reveal); real: an operator (or a feed) enters it. */
export const lotteryDrawSources = ['house', 'real'] as const;
export type LotteryDrawSource = (typeof lotteryDrawSources)[number];

/**
 * Draw states. scheduled -> open -> closed -> (real draws: entered -> ) drawn -> settled;
 * any state before settled -> void (every bet refunded once).
 */
export const lotteryDrawStatuses = [
  'scheduled',
  'open',
  'closed',
  'entered',
  'drawn',
  'settled',
  'void',
] as const;
export type LotteryDrawStatus = (typeof lotteryDrawStatuses)[number];

/** Bet states: open until its draw settles (won or lost), or cancelled / void (refunded). */
export const lotteryBetStatuses = ['open', 'won', 'lost', 'cancelled', 'void'] as const;
export type LotteryBetStatus = (typeof lotteryBetStatuses)[number];

/** Realtime events of a draw, published on `lotteryDrawTopic(gameCode)`. */
export const lotteryDrawEventTypes = ['opened', 'closed', 'drawn', 'settled', 'void'] as const;
export type LotteryDrawEventType = (typeof lotteryDrawEventTypes)[number];

/** The realtime topic of a game's draws (public, per merchant). */
export function lotteryDrawTopic(gameCode: string): string {
  return `lottery.draws.${gameCode}`;
}

/** Web pages of each area (SPEC §2 launch routing); `?gameCode=` is added. */
export const lotteryAreaPaths: Record<LotteryArea, string> = {
  VN: '/vnLottery',
  SEA: '/seaLottery',
  ELOTT: '/lottery',
};

/** The spec's count of latest results (SPEC §9 "vn numbers 100"), also the most one may ask. */
export const LOTTERY_OPENED_NUMBERS_COUNT = 100;
/** Draw history and my bets: 1-based pages of this size by default, at most the max. */
export const LOTTERY_HISTORY_PAGE_SIZE = 20;
export const LOTTERY_MY_BETS_PAGE_SIZE = 20;
export const LOTTERY_PAGE_SIZE_MAX = 100;
/** The highest page number of the member's lottery lists (draw history, my bets). */
export const LOTTERY_PAGE_NO_MAX = 10_000;
/** Trend chart: over the last N draws by default, at most the max. */
export const LOTTERY_TREND_DRAW_COUNT = 30;
export const LOTTERY_TREND_DRAW_COUNT_MAX = 200;
/** Bets in one slip, numbers in one bet, points of one bet. */
export const LOTTERY_SLIP_BETS_MAX = 100;
export const LOTTERY_BET_NUMBERS_MAX = 100;
export const LOTTERY_BET_POINTS_MAX = 10_000;
/** Recently played lottery games of a member (game_menu/recent). */
export const LOTTERY_RECENT_GAMES_MAX = 10;
/** Longest reason an operator gives for voiding a draw. */
export const LOTTERY_VOID_REASON_MAX_LENGTH = 500;
/**
 * Bounds an operator may set on a lottery game (console, Lottery > Games). The interval is at
 * least 30 s so a draw stays open long enough to bet on, and at most a day (longer games use a
 * daily schedule); betting closes at most an hour before the draw.
 */
export const LOTTERY_INTERVAL_SECONDS_MIN = 30;
export const LOTTERY_INTERVAL_SECONDS_MAX = 86_400;
export const LOTTERY_CLOSE_OFFSET_SECONDS_MAX = 3_600;
/**
 * Largest stake per bet and largest payout owed on one number of one draw, in major units. Sized
 * for VND, the demo's currency: its games take up to 5,000,000 a bet and owe up to 1,000,000,000
 * a number, and a smaller bound made those games impossible to save in the console.
 */
export const LOTTERY_STAKE_MAX = 100_000_000;
export const LOTTERY_LIABILITY_MAX = 1_000_000_000;
/** Most games the console's games list answers in one page (keyset by id). */
export const LOTTERY_GAMES_PAGE_SIZE_MAX = 200;
