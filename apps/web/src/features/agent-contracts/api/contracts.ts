import type { AgentContractKind, RouteBody } from '@app/contract/client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The SPEC's process call of each kind of contract. */
const processRoute = {
  dividend: 'processDividend',
  daily: 'processDailySalary',
  hourly: 'processHourlySalary',
  realtime: 'processRealTimeSalary',
  commission: 'processCommission',
} as const;

export type ContractActionBody = RouteBody<'processDailySalary'> | RouteBody<'processDividend'>;

/** The caller's own contracts and a keyset-paged list of those it gave ("more" pages on). */
export function useContracts(kind: AgentContractKind) {
  return useInfiniteQuery({
    queryKey: ['agent-contracts', kind, 'list'],
    queryFn: ({ pageParam, signal }) =>
      callApi('agentContracts', {
        query: { kind, ...(pageParam ? { cursor: pageParam } : {}) } as never,
        signal,
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { private: true },
  });
}

/** Settlements received and paid, newest period first, keyset-paged. */
export function useSettlements(kind: AgentContractKind) {
  return useInfiniteQuery({
    queryKey: ['agent-contracts', kind, 'settlements'],
    queryFn: ({ pageParam, signal }) =>
      callApi('agentSettlements', {
        query: { kind, ...(pageParam ? { cursor: pageParam } : {}) } as never,
        signal,
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { private: true },
  });
}

export function useRevenue(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['agent-contracts', 'revenue', range.from, range.to],
    queryFn: ({ signal }) => callApi('agentRevenueReport', { query: range, signal }),
    meta: { private: true },
  });
}

/** The merchant's active templates of a kind: when there is any, an offer must be one of them. */
export function useContractTemplates(kind: AgentContractKind) {
  return useQuery({
    queryKey: ['agent-contracts', kind, 'templates'],
    queryFn: ({ signal }) => callApi('agentContractTemplates', { query: { kind }, signal }),
    meta: { private: true },
  });
}

/** One action (Offer, Accept, Reject, Terminate) on a contract of `kind`; lists refresh after. */
export function useContractAction(kind: AgentContractKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractActionBody) => callApi(processRoute[kind], { body: body as never }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['agent-contracts'] }),
  });
}
