import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { LotteryAccessProvider } from '../../features/lottery/lottery-access';
import { useSession } from '../../features/session/hooks/use-session';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { useAuthModals } from '../auth-modals/auth-modals-context';

/**
 * Hands the lottery pages the session (SPEC §3: favourites per username; trial accounts bet
 * with demo cash like other games) and the wallet's balance refresh.
 */
export function AppLotteryAccess({ children }: { children: ReactNode }) {
  const { isLoggedIn, member } = useSession();
  const { open } = useAuthModals();
  const queryClient = useQueryClient();
  const value = useMemo(
    () => ({
      isLoggedIn,
      username: member?.account ?? null,
      requireLogin: () => open('login'),
      onBalanceChanged: () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    }),
    [isLoggedIn, member, open, queryClient],
  );
  return <LotteryAccessProvider value={value}>{children}</LotteryAccessProvider>;
}
