import type { RouteBody, RouteQuery } from '@app/contract/client';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Every agent-centre query starts with this key: a change (register, type) refreshes them all. */
export const agentTeamKey = ['agent', 'team'] as const;
/** Reports are rollups that follow play within seconds: fresh for half a minute. */
const REPORT_STALE_MS = 30_000;

export function useTeamOverview(period: RouteQuery<'agentTeamOverview'>) {
  return useQuery({
    queryKey: [...agentTeamKey, 'overview', period],
    queryFn: ({ signal }) => callApi('agentTeamOverview', { query: period, signal }),
    staleTime: REPORT_STALE_MS,
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}

export function useTeamBetting(query: RouteQuery<'agentTeamBetting'>) {
  return useQuery({
    queryKey: [...agentTeamKey, 'betting', query],
    queryFn: ({ signal }) => callApi('agentTeamBetting', { query, signal }),
    staleTime: REPORT_STALE_MS,
    placeholderData: keepPreviousData,
    meta: { private: true },
  });
}

export function useInvitationCodes() {
  return useQuery({
    queryKey: [...agentTeamKey, 'codes'],
    queryFn: ({ signal }) => callApi('agentInvitationCodes', { signal }),
    meta: { private: true },
  });
}

export function useInvitationQr(code: string | null) {
  return useQuery({
    queryKey: [...agentTeamKey, 'qr', code],
    queryFn: ({ signal }) => callApi('agentInvitationQr', { query: { code: code ?? '' }, signal }),
    enabled: code !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { private: true },
  });
}

/** A keyset-paged list: "more" asks for the page after the last one shown. */
function usePagedList<N extends 'agentDownline' | 'agentUserProfit' | 'agentDownlineTransactions'>(
  name: N,
  query: RouteQuery<N>,
) {
  return useInfiniteQuery({
    queryKey: [...agentTeamKey, name, query],
    queryFn: ({ pageParam, signal }) =>
      callApi(name, {
        query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } as RouteQuery<N>,
        signal,
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: REPORT_STALE_MS,
    meta: { private: true },
  });
}

export const useDownline = (query: RouteQuery<'agentDownline'>) =>
  usePagedList('agentDownline', query);
export const useUserProfit = (query: RouteQuery<'agentUserProfit'>) =>
  usePagedList('agentUserProfit', query);
export const useDownlineTransactions = (query: RouteQuery<'agentDownlineTransactions'>) =>
  usePagedList('agentDownlineTransactions', query);

export function registerDownline(body: RouteBody<'agentRegisterDownline'>) {
  return callApi('agentRegisterDownline', { body });
}

export function saveInvitationCode(body: RouteBody<'agentSaveInvitationCode'>) {
  return callApi('agentSaveInvitationCode', { body });
}

export function setDownlineType(body: RouteBody<'agentSetDownlineType'>) {
  return callApi('agentSetDownlineType', { body });
}
