import { memberTypes } from '@app/contract/client';
import { useMemo } from 'react';
import type { PromotionsAccess } from '../../features/promotions/promotions-access';
import { useSession } from '../../features/session/hooks/use-session';
import { showTrialWarning } from '../../lib/trial-warning';
import { useAuthModals } from '../auth-modals/auth-modals-context';

export const promoDetailPath = (id: string) => `/promoDetail?id=${encodeURIComponent(id)}`;

/** What the promotion screens need of the session: guests log in, trial accounts are warned. */
export function usePromotionsAccess(): PromotionsAccess {
  const { isLoggedIn, member } = useSession();
  const { open } = useAuthModals();
  return useMemo(
    () => ({
      isLoggedIn,
      isTrial: member?.type === memberTypes.trial,
      requireLogin: () => open('login'),
      warnTrial: showTrialWarning,
      detailPath: promoDetailPath,
    }),
    [isLoggedIn, member, open],
  );
}
