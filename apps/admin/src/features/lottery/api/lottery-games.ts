import {
  type AdminLotteryGame,
  type AdminLotteryGameSettings,
  adminLotteryConfigureGameCall,
  adminLotteryGamesCall,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type { AdminLotteryGame, AdminLotteryGameSettings };

/** Games per page; the server allows up to LOTTERY_GAMES_PAGE_SIZE_MAX. */
export const LOTTERY_GAMES_PAGE_SIZE = 50;
const GAMES_KEY = 'lottery-games';

/** The DataTable's source of the merchant's games, by id; the cursor is the last id seen. */
export const lotteryGamePages = {
  queryKey: [GAMES_KEY] as const,
  fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
    const page = await callAdmin(adminLotteryGamesCall, {
      query: {
        ...(cursor === undefined ? {} : { afterId: Number(cursor) }),
        pageSize: LOTTERY_GAMES_PAGE_SIZE,
      },
      signal,
    });
    return {
      items: page.list,
      nextCursor: page.nextAfterId === null ? null : String(page.nextAfterId),
    };
  },
};

export function useConfigureGame(gameCode: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AdminLotteryGameSettings) =>
      callAdmin(adminLotteryConfigureGameCall, { body: { gameCode, ...settings } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [GAMES_KEY] });
      onDone();
    },
  });
}
