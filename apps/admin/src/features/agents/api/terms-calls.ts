import {
  type AgentContractKind,
  type AgentContractTemplate,
  type AgentContractTerms,
  adminAgentContractHistoryCall,
  adminAgentContractTemplatesCall,
  adminOverrideAgentContractCall,
  adminSaveAgentContractTemplateCall,
  adminSetHouseContractCall,
  type CallQuery,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export type { AgentContractTemplate };

/** The same key as the page's other lists, so that every list refetches after a change. */
const AGENTS_KEY = 'agent-programme';

export type TemplateFilters = Omit<
  CallQuery<typeof adminAgentContractTemplatesCall>,
  'cursor' | 'limit'
>;

export const templatePages = (filters: TemplateFilters) => ({
  queryKey: [AGENTS_KEY, 'templates', filters] as const,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) =>
    callAdmin(adminAgentContractTemplatesCall, { query: { ...filters, cursor }, signal }),
});

export function useContractHistory(contractId: string) {
  return useQuery({
    queryKey: [AGENTS_KEY, 'history', contractId],
    queryFn: ({ signal }) =>
      callAdmin(adminAgentContractHistoryCall, { query: { contractId }, signal }),
  });
}

export type TermsChange =
  | {
      action: 'template';
      templateId?: string;
      kind: AgentContractKind;
      name: string;
      terms: AgentContractTerms;
      active: boolean;
    }
  | { action: 'override'; contractId: string; terms: AgentContractTerms; reason: string }
  | {
      action: 'house';
      account: string;
      kind: AgentContractKind;
      terms: AgentContractTerms;
      reason: string;
    };

/** One change of contract terms; every list of the page refetches after it. */
export function useTermsChange(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: TermsChange): Promise<unknown> => {
      const { action, ...body } = change;
      if (action === 'template')
        return callAdmin(adminSaveAgentContractTemplateCall, {
          body: body as Extract<TermsChange, { action: 'template' }>,
        });
      if (action === 'override')
        return callAdmin(adminOverrideAgentContractCall, {
          body: body as Omit<Extract<TermsChange, { action: 'override' }>, 'action'>,
        });
      return callAdmin(adminSetHouseContractCall, {
        body: body as Omit<Extract<TermsChange, { action: 'house' }>, 'action'>,
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [AGENTS_KEY] });
      onDone();
    },
  });
}
