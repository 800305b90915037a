import type { MemberInfo } from '@app/contract/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { changeLanguage, currentLanguageCode, translatedLanguage } from '../../../lib/i18n';
import { setSessionToken, useSessionToken } from '../../../lib/session-token';
import { sessionKeys, writeSession } from '../../../lib/storage';
import { memberInfoQuery } from '../api/member-info';

export interface SessionState {
  token: string | null;
  member: MemberInfo | undefined;
  /** True once the member info of the session has loaded (SPEC §4). */
  isLoggedIn: boolean;
  /**
   * A token is known but its member info is still loading. A new tab that waits to hear from
   * the open ones (tab-session.ts) shows the guest's header meanwhile, as the server painted it:
   * a tab that shares a session switches it to the member's a few milliseconds later.
   */
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
export function useEstablishSession(): (
  token: string,
  firstTimeLogin?: boolean,
) => Promise<MemberInfo> {
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string, firstTimeLogin?: boolean) => {
      // The first-login action (SPEC §4) runs once the member info is there.
      if (firstTimeLogin) writeSession(sessionKeys.firstLogin, '1');
      setSessionToken(token);
      const member = await queryClient.fetchQuery(memberInfoQuery(token));
      // SPEC §7: the language the member saved on the server follows them to this browser.
      const saved = translatedLanguage(member.language);
      if (saved && saved !== currentLanguageCode()) await changeLanguage(saved);
      return member;
    },
    [queryClient],
  );
}
