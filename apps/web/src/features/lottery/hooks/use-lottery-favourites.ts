import { useCallback, useSyncExternalStore } from 'react';
import { localKeys, readLocal, writeLocal } from '../../../lib/storage';
import {
  type FavouritesByUser,
  favouritesOf,
  parseFavourites,
  serializeFavourites,
  toggleFavourite,
} from '../model/favourites';

// One snapshot per stored text, so React sees a stable value between changes.
let cachedText: string | null | undefined;
let cachedValue: FavouritesByUser = {};
const listeners = new Set<() => void>();

function snapshot(): FavouritesByUser {
  const text = readLocal(localKeys.lotteryFavourites);
  if (text !== cachedText) {
    cachedText = text;
    cachedValue = parseFavourites(text);
  }
  return cachedValue;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same browser changed them.
  const onStorage = (event: StorageEvent) => {
    if (event.key === localKeys.lotteryFavourites) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * SPEC §3/§4: the logged-in username's lottery favourites, from local storage; they follow the
 * username, so a login shows that member's favourites at once. Guests have none.
 */
export function useLotteryFavourites(username: string | null): {
  favourites: string[];
  toggle: (gameCode: string) => void;
} {
  const all = useSyncExternalStore(subscribe, snapshot, snapshot);
  const toggle = useCallback(
    (gameCode: string) => {
      if (!username) return;
      writeLocal(
        localKeys.lotteryFavourites,
        serializeFavourites(toggleFavourite(snapshot(), username, gameCode)),
      );
      for (const listener of listeners) listener();
    },
    [username],
  );
  return { favourites: favouritesOf(all, username), toggle };
}
