import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session-token';
import { hideTrialWarning } from '../../../lib/trial-warning';
import { logout } from '../api/logout-api';

/**
 * Signs out: tells the server, then ends the session here whatever it answered (a session the
 * server no longer knows is over anyway), and returns to the home page.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await logout().catch(() => undefined);
      // Session storage goes whole: token, member, agent flag (isAgent), cpw; the merchant
      // code and the visitor's choices stay in local storage (SPEC §3).
      clearSession();
      hideTrialWarning();
    },
    onSuccess: () => navigate('/'),
  });
}
