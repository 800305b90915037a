import { z } from 'zod';
import { AGENT_COMMISSION_RATE_MAX_PERCENT } from '../agent-commission-constants.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { gameCategories } from '../game-constants.js';
import { routes } from '../routes.js';

/**
 * The kinds of agent contract: the SPEC's four (§3, §4) and commission, a rate on the team's
 * weekly valid bet (the SPEC names commission in "my income" but defines no scheme).
 */
export const agentContractKinds = [
  'dividend',
  'daily',
  'hourly',
  'realtime',
  'commission',
] as const;
export type AgentContractKind = (typeof agentContractKinds)[number];
/** How often a dividend contract settles (SPEC §4: Daily, Weekly, Semimonthly, Monthly). */
export const dividendPeriods = ['Daily', 'Weekly', 'Semimonthly', 'Monthly'] as const;
export type DividendPeriod = (typeof dividendPeriods)[number];
export const agentContractActions = ['Offer', 'Accept', 'Reject', 'Terminate'] as const;
export const agentContractStatuses = [
  'Offered',
  'Active',
  'Rejected',
  'Terminated',
  'Withdrawn',
] as const;
export type AgentContractStatus = (typeof agentContractStatuses)[number];

/** Most tiers one contract holds. */
export const AGENT_CONTRACT_MAX_TIERS = 10;
/** Highest rate of any contract, in percent (a dividend may share the whole profit). */
export const AGENT_CONTRACT_RATE_MAX_PERCENT = 100;
/** Largest threshold amount of a tier, in major units. */
export const AGENT_CONTRACT_AMOUNT_MAX = 1_000_000_000_000;
/** Most active members a dividend tier may ask for. */
export const AGENT_CONTRACT_ACTIVE_MEMBERS_MAX = 1_000_000;
/** Longest span of days the income report covers in one call. */
export const AGENT_REVENUE_MAX_DAYS = 92;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
/** A rate in percent, at most two decimals (stored as basis points). */
export const contractRateSchema = z
  .number()
  .min(0)
  .max(AGENT_CONTRACT_RATE_MAX_PERCENT)
  .refine(twoDecimals, { message: 'at most two decimals' });
const thresholdSchema = z
  .number()
  .min(0)
  .max(AGENT_CONTRACT_AMOUNT_MAX)
  .refine(twoDecimals, { message: 'at most two decimals' });
/** A dividend's period P&L threshold: the team's loss to the house, negative allowed. */
const signedThresholdSchema = z
  .number()
  .min(-AGENT_CONTRACT_AMOUNT_MAX)
  .max(AGENT_CONTRACT_AMOUNT_MAX)
  .refine(twoDecimals, { message: 'at most two decimals' });

export const salaryTierSchema = z.object({
  /** The team's bet amount (valid bet) in the day or hour from which this tier's rate applies. */
  betAmount: thresholdSchema,
  rate: contractRateSchema,
});
export const dividendTierSchema = z.object({
  /** The team's valid bet in the period. */
  validBet: thresholdSchema,
  /** The team's profit for the house (players' loss) in the period. */
  profitLoss: signedThresholdSchema,
  /** Members of the team who bet in the period. */
  activeMembers: z.number().int().min(0).max(AGENT_CONTRACT_ACTIVE_MEMBERS_MAX),
  rate: contractRateSchema,
});

const tiersOf = <T extends z.ZodType>(tier: T) =>
  z.array(tier).min(1).max(AGENT_CONTRACT_MAX_TIERS);

export const dividendTermsSchema = z.object({
  period: z.enum(dividendPeriods),
  tiers: tiersOf(dividendTierSchema),
});
export const salaryTermsSchema = z.object({ tiers: tiersOf(salaryTierSchema) });
export const realTimeTermsSchema = z.object({
  /** Paid on the valid bet of rounds the team's players won. */
  profitRate: contractRateSchema,
  /** Paid on the valid bet of rounds the team's players lost. */
  lossRate: contractRateSchema,
  /** Smallest team valid bet of a 5-minute window that pays at all. */
  singleBet: thresholdSchema,
});
/** A commission rate in percent of valid bet, at most two decimals. */
const commissionRateSchema = contractRateSchema.max(AGENT_COMMISSION_RATE_MAX_PERCENT);
export const commissionTierSchema = z.object({
  /** The team's valid bet in the week from which this tier's rates apply to the whole week. */
  validBet: thresholdSchema,
  /** The rate on every game category that has no rate of its own in this tier. */
  rate: commissionRateSchema,
  /** Rates of single game categories (e.g. a lower one on lottery), overriding `rate`. */
  categoryRates: z.partialRecord(z.enum(gameCategories), commissionRateSchema).optional(),
});
/** Commission: rates on the team's valid bet of the week (Monday 00:00 UTC), by tiers. */
export const commissionTermsSchema = z.object({ tiers: tiersOf(commissionTierSchema) });
export type CommissionTerms = z.infer<typeof commissionTermsSchema>;
export type DividendTerms = z.infer<typeof dividendTermsSchema>;
export type SalaryTerms = z.infer<typeof salaryTermsSchema>;
export type RealTimeTerms = z.infer<typeof realTimeTermsSchema>;
export type AgentContractTerms = DividendTerms | SalaryTerms | RealTimeTerms | CommissionTerms;

export const agentContractSchema = z.object({
  contractId: z.string(),
  kind: z.enum(agentContractKinds),
  status: z.enum(agentContractStatuses),
  /** Whether the caller is the upline (offered it) or the downline (holds it). */
  role: z.enum(['upline', 'downline']),
  /** The upline's account; null when the house (an operator) set the contract. */
  upline: z.string().nullable(),
  downline: z.string(),
  terms: z.union([
    dividendTermsSchema,
    salaryTermsSchema,
    realTimeTermsSchema,
    commissionTermsSchema,
  ]),
  /** Who asked to end the active contract, if anyone: the other party accepts or rejects. */
  terminationRequestedBy: z.enum(['me', 'counterparty', 'house']).nullable(),
  offeredAt: z.string(),
  decidedAt: z.string().nullable(),
  terminatedAt: z.string().nullable(),
});
export type AgentContract = z.infer<typeof agentContractSchema>;

const contractIdSchema = z.string().regex(/^\d{1,18}$/);
const accountSchema = z.string().trim().min(1).max(64);

/** One action on a contract of the call's kind (SPEC §4: Accept, Reject, Terminate, and the offer). */
function processBody<T extends z.ZodType>(terms: T) {
  return z.discriminatedUnion('action', [
    z.object({ action: z.literal('Offer'), downline: accountSchema, terms }),
    z.object({ action: z.literal('Accept'), contractId: contractIdSchema }),
    z.object({ action: z.literal('Reject'), contractId: contractIdSchema }),
    z.object({ action: z.literal('Terminate'), contractId: contractIdSchema }),
  ]);
}

const processSummary = (kind: string) =>
  `Offer a ${kind} contract to a direct downline agent, accept or reject an offer or a termination request, or ask to end a contract (Terminate). AGENT_CONTRACT_NOT_FOUND for a contract or downline that is not the caller's.`;

export const processDividendCall = defineCall({
  ...routes.processDividend,
  summary: processSummary('dividend'),
  tags: ['agent'],
  body: processBody(dividendTermsSchema),
  value: agentContractSchema,
});
export const processDailySalaryCall = defineCall({
  ...routes.processDailySalary,
  summary: processSummary('daily salary'),
  tags: ['agent'],
  body: processBody(salaryTermsSchema),
  value: agentContractSchema,
});
export const processHourlySalaryCall = defineCall({
  ...routes.processHourlySalary,
  summary: processSummary('hourly salary'),
  tags: ['agent'],
  body: processBody(salaryTermsSchema),
  value: agentContractSchema,
});
export const processRealTimeSalaryCall = defineCall({
  ...routes.processRealTimeSalary,
  summary: processSummary('real-time salary'),
  tags: ['agent'],
  body: processBody(realTimeTermsSchema),
  value: agentContractSchema,
});

export const processCommissionCall = defineCall({
  ...routes.processCommission,
  summary: processSummary('commission'),
  tags: ['agent'],
  body: processBody(commissionTermsSchema),
  value: agentContractSchema,
});

export const agentContractListQuerySchema = z.object({
  kind: z.enum(agentContractKinds),
  ...cursorPageQuery.shape,
});

export const agentContractListCall = defineCall({
  ...routes.agentContracts,
  summary:
    "The caller's own contract of a kind (active or offered to them) and the contracts they offered to their direct downline",
  tags: ['agent'],
  query: agentContractListQuerySchema,
  value: z.object({
    /** Whether the caller's upline (or the house) gave them an active contract of this kind. */
    own: z.array(agentContractSchema),
    /** A keyset page of the contracts the caller gave, newest first. */
    downline: z.array(agentContractSchema),
    nextCursor: z.string().nullable(),
  }),
});

export const agentContractHistoryCall = defineCall({
  ...routes.agentContractHistory,
  summary:
    'What happened to one of the caller’s contracts: offer, acceptance, termination requests',
  tags: ['agent'],
  query: z.object({ contractId: contractIdSchema }),
  value: z.object({
    list: z.array(
      z.object({
        action: z.string(),
        /** `me`, `counterparty`, or `house` (an operator or the system). */
        by: z.enum(['me', 'counterparty', 'house']),
        note: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
});

export const agentSettlementSchema = z.object({
  settlementId: z.string(),
  contractId: z.string(),
  kind: z.enum(agentContractKinds),
  /** `received`: paid to the caller; `paid`: the caller paid a downline agent. */
  direction: z.enum(['received', 'paid']),
  counterparty: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(['paid', 'nothing', 'carried', 'failed', 'voided']),
  betAmount: z.number(),
  validBet: z.number(),
  /** The team's profit for the house in the period (players' loss). */
  profitLoss: z.number(),
  activeMembers: z.number().int(),
  rate: z.number(),
  /** A dividend's negative balance brought in from earlier periods, and left for later ones. */
  carryIn: z.number(),
  carryOut: z.number(),
  amount: z.number(),
  settledAt: z.string(),
});
export type AgentSettlement = z.infer<typeof agentSettlementSchema>;

export const agentSettlementListCall = defineCall({
  ...routes.agentSettlements,
  summary:
    'Settlements of the caller’s contracts of a kind, received and paid to their downline, newest period first',
  tags: ['agent'],
  query: agentContractListQuerySchema,
  value: cursorPageOf(agentSettlementSchema),
});

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const agentRevenueReportCall = defineCall({
  ...routes.agentRevenueReport,
  summary:
    'My income (agentRevenueReport): per UTC day, salary, dividend and commission received, what the caller paid to their downline, and the net',
  tags: ['agent'],
  query: z.object({ from: dayString, to: dayString }),
  value: z.object({
    currency: z.string(),
    list: z.array(
      z.object({
        day: z.string(),
        salary: z.number(),
        dividend: z.number(),
        /** Commission contracts' payments received that day. */
        commission: z.number(),
        paidToDownline: z.number(),
        net: z.number(),
      }),
    ),
    total: z.object({
      salary: z.number(),
      dividend: z.number(),
      commission: z.number(),
      paidToDownline: z.number(),
      net: z.number(),
    }),
  }),
});
