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
