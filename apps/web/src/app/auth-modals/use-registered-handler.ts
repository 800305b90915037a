import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuthModals } from './auth-modals-context';

/** After a registration (SPEC §4): close the pop-ups, go home, show the success notice. */
export function useRegisteredHandler(): () => void {
  const navigate = useNavigate();
  const { open } = useAuthModals();
  return useCallback(() => {
    void navigate('/');
    open('registerSuccess');
  }, [navigate, open]);
}
