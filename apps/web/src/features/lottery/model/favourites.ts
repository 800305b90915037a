/**
 * SPEC §3/§4: lottery favourites toggle locally, are kept per username in local storage and are
 * loaded on login. All usernames share one storage entry (a JSON object username → game codes),
 * so the storage key is the one SPEC §3 names; the functions here are pure over its text.
 */

/** Most favourites one username keeps (the oldest fall off). */
export const LOTTERY_FAVOURITES_MAX = 50;
/** Most usernames remembered on one browser (the least recently changed fall off). */
export const LOTTERY_FAVOURITE_USERS_MAX = 20;
/** A game code longer than this is not one of ours (stored text may have been edited). */
const GAME_CODE_MAX_LENGTH = 64;

export type FavouritesByUser = Record<string, string[]>;

/** Reads the stored text; anything malformed reads as nothing rather than breaking the page. */
export function parseFavourites(text: string | null): FavouritesByUser {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const result: FavouritesByUser = {};
  for (const [username, codes] of Object.entries(parsed)) {
    if (!Array.isArray(codes)) continue;
    const valid = codes.filter(
      (code): code is string =>
        typeof code === 'string' && code.length > 0 && code.length <= GAME_CODE_MAX_LENGTH,
    );
    result[username] = [...new Set(valid)].slice(-LOTTERY_FAVOURITES_MAX);
  }
  return result;
}

export function favouritesOf(all: FavouritesByUser, username: string | null): string[] {
  if (!username) return [];
  return all[username] ?? [];
}

/**
 * Adds the game code when absent, removes it when present (SPEC §4 favourites toggle). The
 * user's entry moves to the end, so the least recently used usernames are the ones dropped.
 */
export function toggleFavourite(
  all: FavouritesByUser,
  username: string,
  gameCode: string,
): FavouritesByUser {
  const current = all[username] ?? [];
  const next = current.includes(gameCode)
    ? current.filter((code) => code !== gameCode)
    : [...current, gameCode].slice(-LOTTERY_FAVOURITES_MAX);
  const { [username]: _previous, ...others } = all;
  const users = Object.entries(others).slice(-(LOTTERY_FAVOURITE_USERS_MAX - 1));
  return { ...Object.fromEntries(users), [username]: next };
}

export const serializeFavourites = (all: FavouritesByUser): string => JSON.stringify(all);
