import { localStore, readStored, writeStored } from '@app/web-shared/browser-storage';

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

export const readLocal = (key: LocalKey) => readStored(localStore, key);
/** Storage refused (private mode, quota): the choice lasts for this page only. */
export const writeLocal = (key: LocalKey, value: string) => writeStored(localStore, key, value);
