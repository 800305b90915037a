import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function useBalance() {
  return useQuery({
    queryKey: ['wallet', 'balance'],
    queryFn: ({ signal }) => callApi('balance', { signal }),
    // Private to the session: dropped from the cache when the session ends.
    meta: { private: true },
  });
}
