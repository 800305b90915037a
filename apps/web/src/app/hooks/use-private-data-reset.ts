import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSessionToken, subscribeSessionToken } from '../../lib/session-token';

/**
 * When a session ends (sign-out, or a 401 on a token call), drops every cached answer that
 * belonged to it: queries marked `meta.private`.
 */
export function usePrivateDataReset(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let previous = getSessionToken();
    return subscribeSessionToken(() => {
      const current = getSessionToken();
      if (previous !== null && current !== previous) {
        queryClient.removeQueries({ predicate: (query) => query.meta?.private === true });
      }
      previous = current;
    });
  }, [queryClient]);
}
