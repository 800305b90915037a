import { FAIRNESS_VERIFY_PATH, PASSWORD_RESET_PAGE_PATH } from '@app/contract/client';

/** Every path of the home page (SPEC §2). */
export const homePaths: readonly string[] = ['/', '/index', '/index.html', '/home'];
export const registerPaths: readonly string[] = ['/register', '/register.html'];
export const LOGIN_PATH = '/login';
export const DOWNLOAD_PATH = '/download';
export const HELP_BARE_PATH = '/helpmc';

/**
 * SPEC §2: with the login-required-home switch on, the only pages a visitor without a session
 * may open. The e-mailed password-reset page is added: without it a member who forgot the
 * password could never get back in.
 */
export const openWithoutLoginPaths: readonly string[] = [
  LOGIN_PATH,
  ...registerPaths,
  HELP_BARE_PATH,
  DOWNLOAD_PATH,
  PASSWORD_RESET_PAGE_PATH,
  // Anyone may check a round's fairness.
  FAIRNESS_VERIFY_PATH,
];

/** Whether `pathname` may be shown without a session token when login is required. */
export function isOpenWithoutLogin(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return openWithoutLoginPaths.includes(path);
}

/** Where a visitor without a session goes in login-required mode, or null to stay. */
export function loginRedirectOf(input: {
  loginRequired: boolean;
  hasToken: boolean;
  pathname: string;
}): string | null {
  if (!input.loginRequired || input.hasToken || isOpenWithoutLogin(input.pathname)) return null;
  return LOGIN_PATH;
}
/** SPEC §2 /game: a launched game in a frame under the header. */
export const GAME_FRAME_PATH = '/game';

/** Every game lobby route (SPEC §2: one page with a category parameter). */
export const lobbyPaths: readonly string[] = [
  '/rng',
  '/pvp',
  '/live',
  '/fish',
  '/sports',
  '/esports',
  '/inhouse',
  '/elott',
];

/**
 * The lottery pages (SPEC §2): quick lotteries (LOTT, ELOTT), Thai (TCG_SEA), Vietnamese
 * (TCG_LOTTO_VN). Paths match case-insensitively, so `/vnLottery` is also `/vnlottery`.
 */
export const lotteryPaths: readonly string[] = ['/lottery', '/seaLottery', '/vnLottery'];
