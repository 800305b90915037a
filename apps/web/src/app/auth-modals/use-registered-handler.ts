import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { requestAutoDialog } from '../auto-dialogs/auto-dialog-queue';
import { useAuthModals } from './auth-modals-context';

/**
 * After a registration (SPEC §4): close the pop-ups, go home, show the success notice once the
 * registration form has gone (the auto-dialog queue waits for it).
 */
export function useRegisteredHandler(): () => void {
  const navigate = useNavigate();
  const { close } = useAuthModals();
  return useCallback(() => {
    void navigate('/');
    close();
    requestAutoDialog('registerSuccess');
  }, [navigate, close]);
}
