import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import GameFramePage from '../../features/games/components/game-frame-page';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { isBalanceChangedMessage } from '../../lib/game-frame-messages';
import { HEADER_HEIGHT } from '../layout/layout-sizes';

/**
 * SPEC §2 /game: the launched game under the header. The header's balance follows the game:
 * a built-in game announces each shown result, and any game may have moved money by the time
 * the player leaves the frame.
 */
export default function GamePage() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetchBalance = () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    const onMessage = (event: MessageEvent) => {
      if (isBalanceChangedMessage(event)) refetchBalance();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      refetchBalance();
    };
  }, [queryClient]);
  return <GameFramePage headerHeight={HEADER_HEIGHT} />;
}
