/**
 * Local storage keys of the console. They differ from the player site's (same origin): an
 * operator's theme or language on the console never changes what the site shows to the same
 * browser, and the reverse.
 */
export const localKeys = {
  theme: 'consoleTheme',
  language: 'consoleLang',
} as const;

type LocalKey = (typeof localKeys)[keyof typeof localKeys];

export function readLocal(key: LocalKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: LocalKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}
