import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import {
  agentContractKinds,
  agentContractSchema,
  agentContractStatuses,
  agentSettlementSchema,
} from './agent-contracts.js';

const idSchema = z.string().regex(/^\d{1,18}$/);
const reasonSchema = z.string().trim().min(1).max(500);

export const adminAgentSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  type: z.number().int(),
  upline: z.string().nullable(),
  /** Every member below the agent, any depth (trial accounts included). */
  teamSize: z.number().int(),
  createdAt: z.string(),
});
export type AdminAgent = z.infer<typeof adminAgentSchema>;

export const adminAgentsCall = defineCall({
  ...adminRoutes.adminAgents,
  summary:
    "The merchant's agents with their team size, newest first: keyset paging, pass the reply's `nextCursor` as `cursor`",
  tags: ['admin'],
  query: cursorPageQuery.extend({ account: z.string().trim().max(64).optional() }),
  value: cursorPageOf(adminAgentSchema),
});

/** A contract as the console shows it: both parties by account, no caller's role. */
export const adminAgentContractSchema = agentContractSchema.omit({ role: true });
export type AdminAgentContract = z.infer<typeof adminAgentContractSchema>;

export const adminAgentContractFilters = {
  kind: z.enum(agentContractKinds).optional(),
  status: z.enum(agentContractStatuses).optional(),
  /** The downline's (holder's) account. */
  account: z.string().trim().max(64).optional(),
};

export const adminAgentContractsCall = defineCall({
  ...adminRoutes.adminAgentContracts,
  summary:
    "The merchant's agent contracts, newest first, by kind, status and holder: keyset paging",
  tags: ['admin'],
  query: cursorPageQuery.extend(adminAgentContractFilters),
  value: cursorPageOf(adminAgentContractSchema),
});

export const adminTerminateAgentContractCall = defineCall({
  ...adminRoutes.adminTerminateAgentContract,
  summary:
    'End an offered or active agent contract now, with a reason (an open offer is withdrawn). Periods owed up to now still settle.',
  tags: ['admin'],
  body: z.object({ contractId: idSchema, reason: reasonSchema }),
  value: adminAgentContractSchema,
});

export const adminAgentSettlementSchema = agentSettlementSchema
  .omit({ direction: true, counterparty: true })
  .extend({
    /** The agent paid, and who paid it (null: the house). */
    account: z.string(),
    upline: z.string().nullable(),
    attempt: z.number().int(),
    reason: z.string().nullable(),
  });
export type AdminAgentSettlement = z.infer<typeof adminAgentSettlementSchema>;

export const adminAgentSettlementStatuses = [
  'paid',
  'nothing',
  'carried',
  'failed',
  'voided',
] as const;

export const adminAgentSettlementsCall = defineCall({
  ...adminRoutes.adminAgentSettlements,
  summary:
    "The merchant's settlement periods, newest period first, by kind and status: keyset paging",
  tags: ['admin'],
  query: cursorPageQuery.extend({
    kind: z.enum(agentContractKinds).optional(),
    status: z.enum(adminAgentSettlementStatuses).optional(),
  }),
  value: cursorPageOf(adminAgentSettlementSchema),
});

export const adminRerunAgentSettlementCall = defineCall({
  ...adminRoutes.adminRerunAgentSettlement,
  summary:
    'Settle a failed (or voided) period again now: paid once, whatever the job does at the same time',
  tags: ['admin'],
  body: z.object({ settlementId: idSchema, reason: reasonSchema }),
  value: adminAgentSettlementSchema,
});

export const adminVoidAgentSettlementCall = defineCall({
  ...adminRoutes.adminVoidAgentSettlement,
  summary:
    'Void a period that paid nothing (failed, nothing due or carried): the job passes over it, a rerun may settle it again',
  tags: ['admin'],
  body: z.object({ settlementId: idSchema, reason: reasonSchema }),
  value: adminAgentSettlementSchema,
});
