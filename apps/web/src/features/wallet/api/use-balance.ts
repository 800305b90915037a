import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The balance's cache key, for whoever knows that money has moved. */
export const balanceQueryKey = ['wallet', 'balance'] as const;

export function useBalance() {
  return useQuery({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }) => callApi('balance', { signal }),
    // Private to the session: dropped from the cache when the session ends.
    meta: { private: true },
  });
}
