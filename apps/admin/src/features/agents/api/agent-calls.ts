import {
  type AdminAgent,
  type AdminAgentContract,
  type AdminAgentSettlement,
  adminAgentContractsCall,
  adminAgentSettlementsCall,
  adminAgentsCall,
  adminRerunAgentSettlementCall,
  adminTerminateAgentContractCall,
  adminVoidAgentSettlementCall,
  type CallQuery,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type { AdminAgent, AdminAgentContract, AdminAgentSettlement };

const AGENTS_KEY = 'agent-programme';

export type ContractFilters = Omit<CallQuery<typeof adminAgentContractsCall>, 'cursor' | 'limit'>;
export type SettlementFilters = Omit<
  CallQuery<typeof adminAgentSettlementsCall>,
  'cursor' | 'limit'
>;

/** The DataTable sources of the three lists, keyed by their filters. */
export const agentPages = {
  queryKey: [AGENTS_KEY, 'agents'] as const,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
    callAdmin(adminAgentsCall, { query: { cursor }, signal }),
};

export const contractPages = (filters: ContractFilters) => ({
  queryKey: [AGENTS_KEY, 'contracts', filters] as const,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
    callAdmin(adminAgentContractsCall, { query: { ...filters, cursor }, signal }),
});

export const settlementPages = (filters: SettlementFilters) => ({
  queryKey: [AGENTS_KEY, 'settlements', filters] as const,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
    callAdmin(adminAgentSettlementsCall, { query: { ...filters, cursor }, signal }),
});

export type AgentAction = 'terminate' | 'rerun' | 'void';

/** One operator change with a reason; every list refetches after it. */
export function useAgentAction(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      action,
      id,
      reason,
    }: {
      action: AgentAction;
      id: string;
      reason: string;
    }): Promise<unknown> => {
      if (action === 'terminate')
        return callAdmin(adminTerminateAgentContractCall, { body: { contractId: id, reason } });
      const call =
        action === 'rerun' ? adminRerunAgentSettlementCall : adminVoidAgentSettlementCall;
      return callAdmin(call, { body: { settlementId: id, reason } });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [AGENTS_KEY] });
      onDone();
    },
  });
}
