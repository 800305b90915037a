import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import GameFramePage from '../../features/games/components/game-frame-page';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import {
  isBalanceChangedMessage,
  tellFramedGamesBalanceChanged,
} from '../../lib/game-frame-messages';
import { HEADER_HEIGHT } from '../layout/layout-sizes';

const balanceQueryHash = JSON.stringify(balanceQueryKey);

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
    // Every balance the header learns (a push from any game, the lottery, the wallet, a refresh)
    // reaches the game's own bar too: one balance everywhere.
    const stopFollowing = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        event.query.queryHash === balanceQueryHash
      ) {
        tellFramedGamesBalanceChanged();
      }
    });
    return () => {
      window.removeEventListener('message', onMessage);
      stopFollowing();
      refetchBalance();
    };
  }, [queryClient]);
  return <GameFramePage headerHeight={HEADER_HEIGHT} />;
}
