import type { MemberInfo } from '@app/contract/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setSessionToken, useSessionToken } from '../../../lib/session-token';
import { memberInfoQuery } from '../api/member-info';

export interface SessionState {
  token: string | null;
  member: MemberInfo | undefined;
  /** True once the member info of the session has loaded (SPEC §4). */
  isLoggedIn: boolean;
  /** A token is known but its member info is still loading. */
  isRestoring: boolean;
}

export function useSession(): SessionState {
  const token = useSessionToken();
  const { data: member, isPending } = useQuery(memberInfoQuery(token));
  return {
    token,
    member: token ? member : undefined,
    isLoggedIn: token !== null && member !== undefined,
    isRestoring: token !== null && isPending,
  };
}

/**
 * Starts a session from a fresh token (login or registration): stores it and loads the member
 * info, which is when the visitor counts as logged in.
 */
export function useEstablishSession(): (token: string) => Promise<MemberInfo> {
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string) => {
      setSessionToken(token);
      return queryClient.fetchQuery(memberInfoQuery(token));
    },
    [queryClient],
  );
}
