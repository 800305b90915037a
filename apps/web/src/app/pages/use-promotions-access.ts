import { memberTypes } from '@app/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PromotionsAccess } from '../../features/promotions/promotions-access';
import { useSession } from '../../features/session/hooks/use-session';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { showTrialWarning } from '../../lib/trial-warning';
import { useAuthModals } from '../auth-modals/auth-modals-context';

export const promoDetailPath = (id: string) => `/promoDetail?id=${encodeURIComponent(id)}`;

/** What the promotion screens need of the session: guests log in, trial accounts are warned. */
export function usePromotionsAccess(): PromotionsAccess {
  const { isLoggedIn, member } = useSession();
  const { open } = useAuthModals();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      isLoggedIn,
      isTrial: member?.type === memberTypes.trial,
      requireLogin: () => open('login'),
      warnTrial: showTrialWarning,
      onBalanceChanged: () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      detailPath: promoDetailPath,
    }),
    [isLoggedIn, member, open, queryClient],
  );
}
