import { memberTypes } from '@app/contract/client';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { GamesAccessProvider } from '../../features/games/games-access';
import { useSession } from '../../features/session/hooks/use-session';
import { useAuthModals } from '../auth-modals/auth-modals-context';
import { GAME_FRAME_PATH } from '../routes';

/**
 * Hands the game screens what they need of the session: whether a member is logged in (trial
 * accounts included: they play with demo cash) and how to ask a guest to log in (SPEC §4).
 */
export function AppGamesAccess({ children }: { children: ReactNode }) {
  const { isLoggedIn, member } = useSession();
  const { open } = useAuthModals();
  const value = useMemo(
    () => ({
      isLoggedIn,
      canKeepFavourites: isLoggedIn && member?.type !== memberTypes.trial,
      memberKey: member ? String(member.id) : null,
      requireLogin: () => open('login'),
      gameFramePath: GAME_FRAME_PATH,
    }),
    [isLoggedIn, member, open],
  );
  return <GamesAccessProvider value={value}>{children}</GamesAccessProvider>;
}
