import {
  adminApprovePointRedemptionCall,
  adminPointRedemptionsCall,
  adminRejectPointRedemptionCall,
  type CallValue,
  pointRedemptionStatuses,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

/** One redemption as the operator sees it. */
export type AdminRedemption = CallValue<typeof adminPointRedemptionsCall>['items'][number];
export const redemptionStatuses = pointRedemptionStatuses;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

const REDEMPTIONS_KEY = 'point-redemptions';
/** Rows per page: a screen's worth; the server allows up to CURSOR_PAGE_LIMIT_MAX. */
const PAGE_SIZE = 20;

/** The DataTable's source for one status tab: its query key and its pages. */
export function redemptionPages(status: RedemptionStatus) {
  return {
    queryKey: [REDEMPTIONS_KEY, status] as const,
    fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
      callAdmin(adminPointRedemptionsCall, {
        query: { status, cursor, limit: PAGE_SIZE },
        signal,
      }),
  };
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [REDEMPTIONS_KEY] });
}

export function useApproveRedemption(redemption: AdminRedemption, onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => callAdmin(adminApprovePointRedemptionCall, { body: { id: redemption.id } }),
    onSuccess: () => {
      refresh();
      onDone();
    },
  });
}

export function useRejectRedemption(redemption: AdminRedemption, onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (reason: string) =>
      callAdmin(adminRejectPointRedemptionCall, { body: { id: redemption.id, reason } }),
    onSuccess: () => {
      refresh();
      onDone();
    },
  });
}
