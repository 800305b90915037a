import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const SETTINGS_STALE_MS = 5 * 60 * 1000;

/** The merchant's rules for every registration field (SPEC §5). */
export function useRegisterSettings() {
  return useQuery({
    queryKey: ['system', 'register-settings'],
    queryFn: ({ signal }) => callApi('registerSettings', { signal }),
    staleTime: SETTINGS_STALE_MS,
  });
}
