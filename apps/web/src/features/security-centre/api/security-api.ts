import { type RouteBody, securityRoutes } from '@app/contract/client';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../../lib/api-client';

type SecurityCall = keyof typeof securityRoutes;

/** The security centre's calls, whose routes load with this page, not the first screen. */
function call<N extends SecurityCall>(name: N, input: CallInput<N> = {}) {
  return callApi(name, input, securityRoutes[name]);
}

/** Every query of the security centre: invalidate after a change. */
export const securityKey = ['security-centre'] as const;

export function useSecurityProfile() {
  return useQuery({
    queryKey: [...securityKey, 'profile'],
    queryFn: ({ signal }) => call('securityProfile', { signal }),
    meta: { private: true },
  });
}

export function useActiveSessions() {
  return useQuery({
    queryKey: [...securityKey, 'sessions'],
    queryFn: ({ signal }) => call('securitySessions', { signal }),
    meta: { private: true },
  });
}

export function useLoginHistory() {
  return useInfiniteQuery({
    queryKey: [...securityKey, 'logins'],
    queryFn: ({ signal, pageParam }) =>
      call('securityLogins', { signal, query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { private: true },
  });
}

export const sendEmailCode = (body: RouteBody<'securityEmailCode'>) =>
  call('securityEmailCode', { body });
export const bindEmail = (body: RouteBody<'securityBindEmail'>) =>
  call('securityBindEmail', { body });
export const sendMobileCode = (body: RouteBody<'securityMobileCode'>) =>
  call('securityMobileCode', { body });
export const bindMobile = (body: RouteBody<'securityBindMobile'>) =>
  call('securityBindMobile', { body });
export const sendPaymentPasswordCode = () => call('securityPaymentPasswordCode');
export const setPaymentPassword = (body: RouteBody<'securityPaymentPassword'>) =>
  call('securityPaymentPassword', { body });
export const signOutSession = (sessionId: string) =>
  call('securitySignOutSession', { body: { sessionId } });
export const signOutOthers = () => call('securitySignOutOthers');
export const updateLanguage = (language: string) => call('updateLanguage', { body: { language } });
