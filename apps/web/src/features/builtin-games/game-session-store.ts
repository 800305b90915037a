import { BUILTIN_GAME_SESSION_STORAGE_PREFIX } from '@app/contract/client';

/**
 * The play shell keeps its game session in sessionStorage (one per game code), so a reload of
 * the play page resumes without a new launch, and a closed tab forgets it.
 */
export function readGameSession(gameCode: string): string | null {
  try {
    return window.sessionStorage.getItem(`${BUILTIN_GAME_SESSION_STORAGE_PREFIX}${gameCode}`);
  } catch {
    return null;
  }
}

export function writeGameSession(gameCode: string, gameSession: string | null): void {
  try {
    const key = `${BUILTIN_GAME_SESSION_STORAGE_PREFIX}${gameCode}`;
    if (gameSession === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, gameSession);
  } catch {
    // Storage refused (private mode): the session lives as long as the page.
  }
}

/** The mute switch, remembered across games and visits. */
const MUTED_KEY = 'builtin-games-muted';

export function readMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeMuted(muted: boolean): void {
  try {
    window.localStorage.setItem(MUTED_KEY, muted ? '1' : '0');
  } catch {
    // Not remembered: the switch still works for this page.
  }
}
