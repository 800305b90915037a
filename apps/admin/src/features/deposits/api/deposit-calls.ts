import {
  adminApproveDepositCall,
  adminDepositsCall,
  adminRejectDepositCall,
  type CallValue,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

/** One manual bank-transfer deposit as the operator sees it. */
export type AdminDeposit = CallValue<typeof adminDepositsCall>[number];

/** The tabs of the page: the server's deposit statuses for manual transfers. */
export const depositStatuses = ['pending', 'completed', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

const DEPOSITS_KEY = 'deposits';

export function useDeposits(status: DepositStatus) {
  return useQuery({
    queryKey: [DEPOSITS_KEY, status],
    queryFn: ({ signal }) => callAdmin(adminDepositsCall, { query: { status }, signal }),
  });
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
