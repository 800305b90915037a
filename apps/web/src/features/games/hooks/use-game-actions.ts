import type { Game } from '@app/contract/client';
import { useCallback, useMemo, useState } from 'react';
import { showTrialWarning } from '../../../lib/trial-warning';
import { useFavouriteIds, useToggleFavourite } from '../api/games-api';
import { useGamesAccess } from '../games-access';
import { type GameLauncher, useGameLauncher } from './use-game-launcher';

export interface GameActions {
  favouriteIds: ReadonlySet<number>;
  toggleFavourite: (game: Game, favourite: boolean) => void;
  /** A VASSALAGE entry opens its sub-games' pop-up; a game launches. */
  openGame: (game: Game) => void;
  popupGame: Game | null;
  closePopup: () => void;
  launcher: GameLauncher;
  favouriteError: unknown;
}

/** What a grid of games does on a click: favourites (login required), pop-up or launch. */
export function useGameActions(): GameActions {
  const { isLoggedIn, canKeepFavourites, requireLogin } = useGamesAccess();
  const { data: ids } = useFavouriteIds();
  const toggle = useToggleFavourite();
  const launcher = useGameLauncher();
  const [popupGame, setPopupGame] = useState<Game | null>(null);
  const favouriteIds = useMemo(
    () => new Set(canKeepFavourites ? (ids ?? []) : []),
    [ids, canKeepFavourites],
  );

  const toggleFavourite = useCallback(
    (game: Game, favourite: boolean) => {
      if (!isLoggedIn) requireLogin();
      else if (!canKeepFavourites) showTrialWarning();
      else toggle.mutate({ game, favourite });
    },
    [isLoggedIn, canKeepFavourites, requireLogin, toggle.mutate],
  );

  const { launch } = launcher;
  const openGame = useCallback(
    (game: Game) => {
      if (game.isGame === 'VASSALAGE') setPopupGame(game);
      else void launch(game);
    },
    [launch],
  );

  return {
    favouriteIds,
    toggleFavourite,
    openGame,
    popupGame,
    closePopup: useCallback(() => setPopupGame(null), []),
    launcher,
    favouriteError: toggle.error,
  };
}
