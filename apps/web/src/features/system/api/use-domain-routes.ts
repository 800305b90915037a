import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The merchant's site addresses (SPEC §3 domain list), to be timed from this browser. */
export function useDomainRoutes() {
  return useQuery({
    queryKey: ['system', 'domainRoute'],
    queryFn: () => callApi('domainRoute'),
  });
}
