import { GAME_CLIENT_TYPE } from '@app/contract/client';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { currentLanguageCode } from '../../../lib/i18n';
import { sessionKeys, writeSession } from '../../../lib/storage';
import { GAME_PLATFORM } from '../api/games-api';
import { launchGame } from '../api/launch-api';
import { useGamesAccess } from '../games-access';
import { rememberLaunch } from './frame-launch';
import { type LaunchTarget, lotteryPageOf } from './launch-route';

/** SPEC §3 launch request constants: real-money account, no automatic transfer, GLS mode. */
const ACCOUNT_TYPE_REAL = 1;
const CONFIRM_TRANS_NONE = 0;
const LAUNCH_MODE = 'GLS';

export interface GameLauncher {
  launch: (target: LaunchTarget) => Promise<void>;
  /** nodeId (or roomId) of the game being launched. */
  pending: string | null;
  error: unknown;
  clearError: () => void;
}

/**
 * Launching a game (SPEC §2, §4): guests get the login pop-up and nothing else happens; trial
 * accounts play with their demo balance (the server decides); lottery vendors open their own
 * pages; any other game gets its URL from launchGame and opens in the /game frame. The vendor of
 * a slot game is remembered (session `gameVendor`) so that /rng reopens its tab.
 */
export function useGameLauncher(): GameLauncher {
  const { isLoggedIn, requireLogin, gameFramePath } = useGamesAccess();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const launch = useCallback(
    async (target: LaunchTarget) => {
      if (!isLoggedIn) {
        requireLogin();
        return;
      }
      const page = lotteryPageOf(target);
      if (page) {
        navigate(page);
        return;
      }
      if (target.gameType === 'RNG') writeSession(sessionKeys.gameVendor, target.vassalage);
      setError(null);
      setPending(target.roomId ?? String(target.nodeId));
      try {
        const request = {
          nodeId: target.nodeId,
          gameId: target.roomId ? undefined : target.gameCode,
          roomId: target.roomId,
          vassalage: target.vassalage,
          accountType: ACCOUNT_TYPE_REAL,
          confirmTrans: CONFIRM_TRANS_NONE,
          launchMode: LAUNCH_MODE,
          platform: GAME_PLATFORM,
          clientType: GAME_CLIENT_TYPE,
          language: currentLanguageCode(),
        };
        const launched = await launchGame(request);
        rememberLaunch(request, launched.game_url);
        navigate(gameFramePath);
      } catch (failure) {
        setError(failure);
      } finally {
        setPending(null);
      }
    },
    [isLoggedIn, requireLogin, navigate, gameFramePath],
  );

  return { launch, pending, error, clearError: useCallback(() => setError(null), []) };
}
