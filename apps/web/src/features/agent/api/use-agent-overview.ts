import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The agent centre's team overview; loaded when the centre opens, fresh for a minute. */
export function useAgentOverview(enabled: boolean) {
  return useQuery({
    queryKey: ['agent', 'overview'],
    queryFn: ({ signal }) => callApi('agentOverview', { signal }),
    enabled,
    staleTime: 60_000,
    meta: { private: true },
  });
}
