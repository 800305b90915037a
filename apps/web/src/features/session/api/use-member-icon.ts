import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The avatar the server draws for a member (GET /wps/member/info/icon); it never changes. */
export function useMemberIcon(memberId: number) {
  return useQuery({
    queryKey: ['member', 'icon', memberId],
    queryFn: ({ signal }) => callApi('memberIcon', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { private: true },
  });
}
