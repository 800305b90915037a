import type { AgentContractKind, RouteBody } from '@app/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The SPEC's process call of each kind of contract. */
const processRoute = {
  dividend: 'processDividend',
  daily: 'processDailySalary',
  hourly: 'processHourlySalary',
  realtime: 'processRealTimeSalary',
} as const;

export type ContractActionBody = RouteBody<'processDailySalary'> | RouteBody<'processDividend'>;

export function useContracts(kind: AgentContractKind) {
  return useQuery({
    queryKey: ['agent-contracts', kind, 'list'],
    queryFn: ({ signal }) => callApi('agentContracts', { query: { kind }, signal }),
    meta: { private: true },
  });
}

export function useSettlements(kind: AgentContractKind) {
  return useQuery({
    queryKey: ['agent-contracts', kind, 'settlements'],
    queryFn: ({ signal }) => callApi('agentSettlements', { query: { kind }, signal }),
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

/** One action (Offer, Accept, Reject, Terminate) on a contract of `kind`; lists refresh after. */
export function useContractAction(kind: AgentContractKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractActionBody) => callApi(processRoute[kind], { body: body as never }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['agent-contracts'] }),
  });
}
