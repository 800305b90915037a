import type { ConsoleSession, Permission } from '@app/contract';
import { isApiError } from '@app/web-shared/api-error';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { callAdmin, setCsrfToken } from './api-client';
import { sessionRoute } from './shell-calls';

export const SESSION_QUERY_KEY = ['console-session'] as const;

/** Why the sign-in page is shown again: its message. */
export type SignOutNotice = 'expired' | 'signed-out' | null;

let notice: SignOutNotice = null;
const noticeListeners = new Set<() => void>();

export function setSignOutNotice(next: SignOutNotice): void {
  notice = next;
  for (const listener of noticeListeners) listener();
}

export function useSignOutNotice(): SignOutNotice {
  return useSyncExternalStore(
    (listener) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    () => notice,
  );
}

/** The signed-in operator's session, or null when there is none (401). */
export async function fetchConsoleSession(): Promise<ConsoleSession | null> {
  try {
    const session = await callAdmin(sessionRoute);
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export function useConsoleSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchConsoleSession,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Stores a session the server just issued (sign-in, enrolment) without asking again. */
export function useAdoptSession(): (session: ConsoleSession | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (session) => {
      setCsrfToken(session?.csrfToken ?? null);
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
    },
    [queryClient],
  );
}

/** Whether the signed-in operator holds a permission: the console hides what the role may not do. */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useConsoleSession();
  return useCallback((permission) => data?.permissions.includes(permission) ?? false, [data]);
}
