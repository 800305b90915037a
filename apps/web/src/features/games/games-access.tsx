import { createContext, use } from 'react';

/**
 * What the game screens need to know of the session; `app/` provides it (a feature does not
 * import the session feature). `memberKey` changes with the logged-in member, so member data
 * (favourites, recent games) is cached per member.
 */
export interface GamesAccess {
  isLoggedIn: boolean;
  /** Real members keep favourites; trial accounts play but get the warning (SPEC §6). */
  canKeepFavourites: boolean;
  memberKey: string | null;
  /** SPEC §4 login requirement: opens the login pop-up. */
  requireLogin: () => void;
  /** The page that shows a launched game in a frame (SPEC §2 /game). */
  gameFramePath: string;
}

const GamesAccessContext = createContext<GamesAccess>({
  isLoggedIn: false,
  canKeepFavourites: false,
  memberKey: null,
  requireLogin: () => {},
  gameFramePath: '/game',
});

export const GamesAccessProvider = GamesAccessContext.Provider;

export function useGamesAccess(): GamesAccess {
  return use(GamesAccessContext);
}
