import { useQueryClient } from '@tanstack/react-query';
import PointMall from '../../features/points/components/point-mall-page';
import { useSession } from '../../features/session/hooks/use-session';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { useAuthModals } from '../auth-modals/auth-modals-context';

/** SPEC §2 /pointMall (banner group from the layout). Loaded lazily. */
export default function PointMallPage() {
  const { isLoggedIn } = useSession();
  const { open } = useAuthModals();
  const queryClient = useQueryClient();
  return (
    <PointMall
      loggedIn={isLoggedIn}
      onLogin={() => open('login')}
      onCashChanged={() => void queryClient.invalidateQueries({ queryKey: balanceQueryKey })}
    />
  );
}
