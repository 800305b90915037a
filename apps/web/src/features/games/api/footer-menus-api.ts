import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const MENUS_STALE_MS = 5 * 60 * 1000;

/** The game menus the footer lists its categories from; none while games are not served. */
export function useFooterGameMenus(language: string) {
  return useQuery({
    queryKey: ['games', 'menus', language],
    queryFn: ({ signal }) => callApi('gameMenus', { query: { language }, signal }),
    staleTime: MENUS_STALE_MS,
    retry: false,
  });
}
