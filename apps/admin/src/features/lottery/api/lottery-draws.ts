import {
  type AdminLotteryDraw,
  adminLotteryConfirmResultCall,
  adminLotteryDrawsCall,
  adminLotteryEnterResultCall,
  adminLotteryVoidDrawCall,
  type LotteryDrawStatus,
  type LotteryResult,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type { AdminLotteryDraw };

/** Rows per page: a screen's worth; the server allows up to LOTTERY_PAGE_SIZE_MAX. */
export const LOTTERY_DRAWS_PAGE_SIZE = 20;
const DRAWS_KEY = 'lottery-draws';

/**
 * The DataTable's source of the merchant's draws, newest draw time first (`status` null lists
 * every state). The call pages by number; the cursor is the next page's number as text.
 */
export function lotteryDrawPages(status: LotteryDrawStatus | null) {
  return {
    queryKey: [DRAWS_KEY, status] as const,
    fetchPage: async (cursor: string | undefined, signal: AbortSignal) => {
      const pageNo = cursor === undefined ? 1 : Number(cursor);
      const page = await callAdmin(adminLotteryDrawsCall, {
        query: { ...(status ? { status } : {}), pageNo, pageSize: LOTTERY_DRAWS_PAGE_SIZE },
        signal,
      });
      return {
        items: page.list,
        nextCursor: pageNo < page.totalPages ? String(pageNo + 1) : null,
      };
    },
  };
}

/** Refreshes the draw list after a decision, then runs the caller's `onDone`. */
function useRefreshDraws(onDone: () => void) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [DRAWS_KEY] });
    onDone();
  };
}

export function useEnterResult(drawId: number, onDone: () => void) {
  return useMutation({
    mutationFn: (result: LotteryResult) =>
      callAdmin(adminLotteryEnterResultCall, { body: { drawId, result } }),
    onSuccess: useRefreshDraws(onDone),
  });
}

export function useConfirmResult(drawId: number, onDone: () => void) {
  return useMutation({
    mutationFn: () => callAdmin(adminLotteryConfirmResultCall, { body: { drawId } }),
    onSuccess: useRefreshDraws(onDone),
  });
}

export function useVoidDraw(drawId: number, onDone: () => void) {
  return useMutation({
    mutationFn: (reason: string) =>
      callAdmin(adminLotteryVoidDrawCall, { body: { drawId, reason } }),
    onSuccess: useRefreshDraws(onDone),
  });
}
