import { BUILTIN_PLAY_PATH_PREFIX, PASSWORD_RESET_PAGE_PATH } from '@app/contract/client';
import { useSyncExternalStore } from 'react';
import { clearSessionStorage, readSession, sessionKeys, writeSession } from './storage';

/**
 * The session token (sessionStorage `token`) as a small observable store: the API client reads
 * it, components re-render when it appears or goes away.
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSessionToken(): string | null {
  return readSession(sessionKeys.token);
}

export function setSessionToken(token: string): void {
  writeSession(sessionKeys.token, token);
  notify();
}

/** Ends the session on this tab: everything in session storage goes (local storage stays). */
export function clearSession(): void {
  clearSessionStorage();
  notify();
}

export function subscribeSessionToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSessionToken, getSessionToken, () => null);
}

/** True while a new tab waits to hear whether an open tab has a session to share (tab-session.ts). */
let joiningTab = false;

export function setJoiningTab(joining: boolean): void {
  joiningTab = joining;
  notify();
}

export const isJoiningTab = (): boolean => joiningTab;

/** What tab-session.ts (loaded later, without imports of its own) needs of the session. */
export const sessionStore = {
  get: getSessionToken,
  set: setSessionToken,
  clear: clearSession,
  subscribe: subscribeSessionToken,
  joining: setJoiningTab,
  read: (key: 'cpw') => readSession(key),
  write: (key: 'cpw', value: string) => writeSession(key, value),
};

export type SessionStore = typeof sessionStore;

/** A session token is 43 base64url characters (the server's SESSION_TOKEN_PATTERN). */
const URL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A token in the page address (`/?token=...`, SPEC §4, e.g. from an app or an agent link):
 * it becomes the session token and leaves the address at once, so that it is neither
 * bookmarked, shared nor sent on as a referrer. The member info then loads as for any session.
 * The password-reset page is the exception: its `token` is the e-mailed reset link's; so is a
 * built-in game's play page (`/play?token=`), whose token is a game launch token.
 */
export function adoptTokenFromUrl(location: Location = window.location): void {
  const url = new URL(location.href);
  if (url.pathname === PASSWORD_RESET_PAGE_PATH) return;
  if (
    url.pathname === BUILTIN_PLAY_PATH_PREFIX ||
    url.pathname.startsWith(`${BUILTIN_PLAY_PATH_PREFIX}/`)
  ) {
    return;
  }
  const token = url.searchParams.get('token');
  if (token === null) return;
  url.searchParams.delete('token');
  try {
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
  } catch {
    // An address that cannot be rewritten keeps the token; the session still starts.
  }
  if (URL_TOKEN_PATTERN.test(token)) setSessionToken(token);
}
