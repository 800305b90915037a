import { localKeys, readLocal } from '../../../lib/storage';

/** The server's remember cookie lives 24 hours (SPEC §8); the form offers one click as long. */
export const REMEMBER_DURATION_MS = 24 * 60 * 60 * 1000;
/** SPEC §3: the last user is a cookie under a merchant-scoped key, `lastUser_<merchantCode>`. */
export const LAST_USER_COOKIE_PREFIX = 'lastUser_';
/** The name is pre-filled this long after the last login (the SMS-login phone lives as long). */
export const LAST_USER_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface RememberedUser {
  username: string;
  /** Until when the one-click login is offered; 0 once remember me is off (name only). */
  rememberUntilMs: number;
}

/** The cookie's name; a merchant code is letters and digits, anything else is dropped. */
export function lastUserCookieName(merchantCode: string = readLocal(localKeys.merchantCode) ?? '') {
  return `${LAST_USER_COOKIE_PREFIX}${merchantCode.replace(/[^A-Za-z0-9_-]/g, '')}`;
}

function readEntry(cookies: string): RememberedUser | null {
  const name = `${lastUserCookieName()}=`;
  const entry = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(name));
  if (!entry) return null;
  try {
    const value = JSON.parse(decodeURIComponent(entry.slice(name.length)));
    if (typeof value?.username !== 'string' || typeof value.rememberUntilMs !== 'number') {
      return null;
    }
    return { username: value.username, rememberUntilMs: value.rememberUntilMs };
  } catch {
    // A cookie someone else wrote: ignore it.
    return null;
  }
}

/** The Set-Cookie text of the entry (Secure on https pages); `null` deletes it. */
export function lastUserCookie(entry: RememberedUser | null, secure: boolean): string {
  const value = entry ? encodeURIComponent(JSON.stringify(entry)) : '';
  const maxAge = entry ? LAST_USER_MAX_AGE_SECONDS : 0;
  return `${lastUserCookieName()}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function writeEntry(entry: RememberedUser | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = lastUserCookie(entry, window.location.protocol === 'https:');
}

/** The last username of this merchant, and whether one-click login is still on offer. */
export function readRememberedUser(
  nowMs: number = Date.now(),
  cookies: string = document.cookie,
): {
  username: string;
  oneClick: boolean;
} | null {
  const entry = readEntry(cookies);
  if (!entry) return null;
  return { username: entry.username, oneClick: entry.rememberUntilMs > nowMs };
}

/**
 * After a password login: the username is kept for the form; with remember me, one-click login
 * is offered for 24 hours. The password is never stored (the server keeps a revocable token).
 */
export function writeRememberedUser(
  username: string,
  rememberMe: boolean,
  nowMs: number = Date.now(),
): void {
  writeEntry({ username, rememberUntilMs: rememberMe ? nowMs + REMEMBER_DURATION_MS : 0 });
}

/** One-click login is over (used up elsewhere, revoked, "not you?"). */
export function endOneClick(forgetUsername: boolean): void {
  const entry = readEntry(document.cookie);
  if (!entry) return;
  writeEntry(forgetUsername ? null : { ...entry, rememberUntilMs: 0 });
}
