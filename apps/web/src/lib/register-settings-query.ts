import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client';

const SETTINGS_STALE_MS = 5 * 60 * 1000;

/**
 * The merchant's rules for every registration field (SPEC §5): one query that registration and
 * change password share, so the rules load once.
 */
export const registerSettingsQuery = queryOptions({
  queryKey: ['system', 'register-settings'],
  queryFn: ({ signal }) => callApi('registerSettings', { signal }),
  staleTime: SETTINGS_STALE_MS,
});
