import {
  adminApproveDepositCall,
  adminDepositsCall,
  adminRejectDepositCall,
  type CallValue,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

/** One manual bank-transfer deposit as the operator sees it. */
export type AdminDeposit = CallValue<typeof adminDepositsCall>['items'][number];

/** The tabs of the page: the server's deposit statuses for manual transfers. */
export const depositStatuses = ['pending', 'completed', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

const DEPOSITS_KEY = 'deposits';

/** Rows per page: a screen's worth; the server allows up to CURSOR_PAGE_LIMIT_MAX. */
const PAGE_SIZE = 20;

/** The DataTable's source for one status tab: its query key and its pages. */
export function depositPages(status: DepositStatus) {
  return {
    queryKey: [DEPOSITS_KEY, status] as const,
    fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
      callAdmin(adminDepositsCall, { query: { status, cursor, limit: PAGE_SIZE }, signal }),
  };
}

/** After a decision every tab and the dashboard's pending count are stale. */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [DEPOSITS_KEY] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export function useApproveDeposit(deposit: AdminDeposit, onDone: () => void) {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: () =>
      callAdmin(adminApproveDepositCall, { body: { depositId: deposit.depositId } }),
    onSuccess: () => {
      refresh();
      onDone();
    },
  });
}

export function useRejectDeposit(deposit: AdminDeposit, onDone: () => void) {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (reason: string) =>
      callAdmin(adminRejectDepositCall, { body: { depositId: deposit.depositId, reason } }),
    onSuccess: () => {
      refresh();
      onDone();
    },
  });
}
