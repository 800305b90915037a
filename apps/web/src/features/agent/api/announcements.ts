import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The agents-only announcements, newest first, a keyset page at a time ("more" asks on). */
export function useAgentAnnouncements() {
  return useInfiniteQuery({
    queryKey: ['agent-announcements'],
    queryFn: ({ pageParam, signal }) =>
      callApi('agentAnnouncements', {
        query: (pageParam ? { cursor: pageParam } : {}) as never,
        signal,
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { private: true },
  });
}
