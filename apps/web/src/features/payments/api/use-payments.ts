import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** How often a returning player's deposit is asked about while the gateway's callback is on its way. */
export const DEPOSIT_POLL_INTERVAL_MS = 1_500;
/** After this, the notice says the deposit is still being processed and stops asking. */
export const DEPOSIT_POLL_LIMIT_MS = 30_000;

export function useDeposit(depositId: string | null, startedAtMs: number) {
  return useQuery({
    queryKey: ['payments', 'deposit', depositId],
    queryFn: ({ signal }) => callApi('deposit', { query: { depositId: depositId ?? '' }, signal }),
    enabled: depositId !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() - startedAtMs < DEPOSIT_POLL_LIMIT_MS
        ? DEPOSIT_POLL_INTERVAL_MS
        : false,
    meta: { private: true },
  });
}

export const depositsKey = ['payments', 'deposits'] as const;

/** The member's recent deposits in every state; asked again on every mount (an operator may have decided). */
export function useDeposits() {
  return useQuery({
    queryKey: depositsKey,
    queryFn: ({ signal }) => callApi('deposits', { signal }),
    refetchOnMount: 'always',
    meta: { private: true },
  });
}
