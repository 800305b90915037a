import { localStore, readStored, sessionStore, writeStored } from '@app/web-shared/browser-storage';

/**
 * Browser storage keys of SPEC §3. Session storage holds what dies with the tab (the session);
 * local storage what the visitor keeps (theme, language, merchant code).
 */
export const localKeys = {
  theme: 'theme',
  language: 'lang',
  /** The language before the visitor's last switch (SPEC §3 `hisLang`). */
  previousLanguage: 'hisLang',
  merchantCode: 'merchantCode',
  /** Whether the header hides the balance (`***`); not in SPEC §3, kept like the theme. */
  balanceHidden: 'balanceHidden',
  /** SPEC §3 lottery favourites per username (one JSON object, features/lottery). */
  lotteryFavourites: 'lotteryFavourites',
} as const;

export const sessionKeys = {
  token: 'token',
  account: 'account',
  username: 'username',
  nickname: 'nickname',
  customerId: 'customerId',
  isAgent: 'isAgent',
  toUpline: 'toUpline',
  /** Change-password needed (SPEC §3); a free demo clears it. */
  cpw: 'cpw',
  /** Set by a first login, until the welcome pop-up has been shown. */
  firstLogin: 'firstLogin',
  /** The vendor (vassalage) of the last slot game launched: /rng reopens its tab (SPEC §2). */
  gameVendor: 'gameVendor',
  /** The launched game's address, shown by the /game frame (SPEC §3). */
  iframeUrl: 'iframeUrl',
  /** The launch request of the game in the frame (JSON): a reload launches it again. */
  gameLaunch: 'gameLaunch',
  /** The frame address already shown once: its launch token is spent (issue 22 item 7). */
  iframeUrlShown: 'iframeUrlShown',
} as const;

type LocalKey = (typeof localKeys)[keyof typeof localKeys];
type SessionKey = (typeof sessionKeys)[keyof typeof sessionKeys];

export const readLocal = (key: LocalKey) => readStored(localStore, key);
export const writeLocal = (key: LocalKey, value: string | null) =>
  writeStored(localStore, key, value);
export const readSession = (key: SessionKey) => readStored(sessionStore, key);
export const writeSession = (key: SessionKey, value: string | null) =>
  writeStored(sessionStore, key, value);

export function clearSessionStorage(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // Unavailable storage holds nothing to clear.
  }
}
