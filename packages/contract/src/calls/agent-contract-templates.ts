import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import { agentContractTemplateSchema } from './admin-agent-contract-terms.js';
import { agentContractKinds } from './agent-contracts.js';

/** Most active templates of one kind a merchant may offer (one short list, no paging). */
export const AGENT_CONTRACT_TEMPLATES_ACTIVE_MAX = 50;

export const agentContractTemplatesCall = defineCall({
  ...routes.agentContractTemplates,
  summary:
    "The merchant's active contract templates of a kind: when there is any, an offer's terms must be one of them (AGENT_CONTRACT_TEMPLATE_REQUIRED)",
  tags: ['agent'],
  query: z.object({ kind: z.enum(agentContractKinds) }),
  value: z.object({
    list: z.array(agentContractTemplateSchema.omit({ active: true, updatedAt: true })),
  }),
});
