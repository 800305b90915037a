import type { RouteBody } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const SETTINGS_STALE_MS = 5 * 60 * 1000;

/** The merchant's field rules (the password's among them): the registration form's query key. */
export function useRegisterRules() {
  return useQuery({
    queryKey: ['system', 'register-settings'],
    queryFn: ({ signal }) => callApi('registerSettings', { signal }),
    staleTime: SETTINGS_STALE_MS,
  });
}

export function changePassword(body: RouteBody<'changePassword'>) {
  return callApi('changePassword', { body });
}
