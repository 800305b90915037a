import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { adminAgentContractSchema } from './admin-agent-contracts.js';
import {
  type AgentContractKind,
  agentContractKinds,
  commissionTermsSchema,
  dividendTermsSchema,
  realTimeTermsSchema,
  salaryTermsSchema,
} from './agent-contracts.js';

const idSchema = z.string().regex(/^\d{1,18}$/);
const reasonSchema = z.string().trim().min(1).max(500);
/** Longest name of a contract template. */
export const AGENT_CONTRACT_TEMPLATE_NAME_MAX = 80;

/** Any kind's terms; the server checks them against the kind they are for. */
export const anyContractTermsSchema = z.union([
  dividendTermsSchema,
  salaryTermsSchema,
  realTimeTermsSchema,
  commissionTermsSchema,
]);

/** The terms schema of one kind of contract. */
export function termsSchemaOf(kind: AgentContractKind) {
  if (kind === 'dividend') return dividendTermsSchema;
  if (kind === 'realtime') return realTimeTermsSchema;
  if (kind === 'commission') return commissionTermsSchema;
  return salaryTermsSchema;
}

export const agentContractTemplateSchema = z.object({
  templateId: z.string(),
  kind: z.enum(agentContractKinds),
  name: z.string(),
  terms: anyContractTermsSchema,
  /** Only active templates may be offered; changing a template never changes signed contracts. */
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AgentContractTemplate = z.infer<typeof agentContractTemplateSchema>;

export const adminAgentContractTemplatesCall = defineCall({
  ...adminRoutes.adminAgentContractTemplates,
  summary:
    "The merchant's contract templates, newest first, by kind and active flag: keyset paging",
  tags: ['admin'],
  query: cursorPageQuery.extend({
    kind: z.enum(agentContractKinds).optional(),
    active: z.enum(['true', 'false']).optional(),
  }),
  value: cursorPageOf(agentContractTemplateSchema),
});

export const adminSaveAgentContractTemplateCall = defineCall({
  ...adminRoutes.adminSaveAgentContractTemplate,
  summary:
    'Create a contract template (no templateId) or change one: name, terms, active flag. The kind of a template never changes; contracts already signed keep their terms.',
  tags: ['admin'],
  body: z.object({
    templateId: idSchema.optional(),
    kind: z.enum(agentContractKinds),
    name: z.string().trim().min(1).max(AGENT_CONTRACT_TEMPLATE_NAME_MAX),
    terms: anyContractTermsSchema,
    active: z.boolean(),
  }),
  value: agentContractTemplateSchema,
});

export const adminOverrideAgentContractCall = defineCall({
  ...adminRoutes.adminOverrideAgentContract,
  summary:
    "Change an active contract's terms, with a reason: the new terms apply from the next settlement period on (the current and earlier periods settle on the old ones). A dividend keeps its period.",
  tags: ['admin'],
  body: z.object({ contractId: idSchema, terms: anyContractTermsSchema, reason: reasonSchema }),
  value: adminAgentContractSchema.extend({
    /** The start of the first period the new terms apply to. */
    effectiveFrom: z.string(),
  }),
});

export const adminAgentContractHistoryCall = defineCall({
  ...adminRoutes.adminAgentContractHistory,
  summary:
    "One contract's history for operators: every action, and each override with who made it, the terms before and after, and from when",
  tags: ['admin'],
  query: z.object({ contractId: idSchema }),
  value: z.object({
    list: z.array(
      z.object({
        action: z.string(),
        /** The member who acted (an account), or null: the house, an operator or the system. */
        member: z.string().nullable(),
        /** The operator of an override. */
        operator: z.string().nullable(),
        note: z.string().nullable(),
        termsBefore: anyContractTermsSchema.nullable(),
        termsAfter: anyContractTermsSchema.nullable(),
        effectiveFrom: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
});

export const adminSetHouseContractCall = defineCall({
  ...adminRoutes.adminSetHouseContract,
  summary:
    "Set the house's contract with a top agent (an agent with no upline), with a reason: it replaces the agent's active contract of the kind; the contracts the agent gave its downline that the new terms no longer cover end",
  tags: ['admin'],
  body: z.object({
    account: z.string().trim().min(1).max(64),
    kind: z.enum(agentContractKinds),
    terms: anyContractTermsSchema,
    reason: reasonSchema,
  }),
  value: adminAgentContractSchema,
});
