import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { lazyCall } from '../../../lib/contract-calls';

export function useBalance() {
  return useQuery({
    queryKey: ['wallet', 'balance'],
    queryFn: ({ signal }) => callApi(lazyCall('balanceCall'), { signal }),
    // Private to the session: dropped from the cache when the session ends.
    meta: { private: true },
  });
}
