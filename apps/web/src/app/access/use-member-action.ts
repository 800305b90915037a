import { memberTypes } from '@app/contract/client';
import { useCallback } from 'react';
import { useSession } from '../../features/session/hooks/use-session';
import { showTrialWarning } from '../../lib/trial-warning';
import { useAuthModals } from '../auth-modals/auth-modals-context';

/**
 * The login requirement of SPEC §4/§6 for member features (deposit, withdraw, member centre,
 * chat...): a guest gets the login pop-up and the action stops; a trial account gets the
 * 'in_need_true_account' warning; a member goes ahead.
 */
export function useMemberAction(): (action: () => void) => void {
  const { isLoggedIn, member } = useSession();
  const { open } = useAuthModals();
  return useCallback(
    (action: () => void) => {
      if (!isLoggedIn || !member) open('login');
      else if (member.type === memberTypes.trial) showTrialWarning();
      else action();
    },
    [isLoggedIn, member, open],
  );
}
