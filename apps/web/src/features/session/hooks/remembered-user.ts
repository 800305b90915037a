import { localKeys, readLocal, writeLocal } from '../../../lib/storage';

/** The server's remember cookie lives 24 hours (SPEC §8); the form offers one click as long. */
export const REMEMBER_DURATION_MS = 24 * 60 * 60 * 1000;

export interface RememberedUser {
  username: string;
  /** Until when the one-click login is offered; 0 once remember me is off (name only). */
  rememberUntilMs: number;
}

type Stored = Record<string, RememberedUser>;

function merchantKey(): string {
  return readLocal(localKeys.merchantCode) ?? '';
}

function readAll(): Stored {
  try {
    const parsed: unknown = JSON.parse(readLocal(localKeys.lastUser) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** The last username of this merchant, and whether one-click login is still on offer. */
export function readRememberedUser(nowMs: number = Date.now()): {
  username: string;
  oneClick: boolean;
} | null {
  const entry = readAll()[merchantKey()];
  if (!entry || typeof entry.username !== 'string') return null;
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
  const all = readAll();
  all[merchantKey()] = { username, rememberUntilMs: rememberMe ? nowMs + REMEMBER_DURATION_MS : 0 };
  writeLocal(localKeys.lastUser, JSON.stringify(all));
}

/** One-click login is over (used up elsewhere, revoked, "not you?"). */
export function endOneClick(forgetUsername: boolean): void {
  const all = readAll();
  const entry = all[merchantKey()];
  if (!entry) return;
  if (forgetUsername) delete all[merchantKey()];
  else all[merchantKey()] = { ...entry, rememberUntilMs: 0 };
  writeLocal(localKeys.lastUser, JSON.stringify(all));
}
