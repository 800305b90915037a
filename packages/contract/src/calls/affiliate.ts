import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';

/** Longest affiliate (invitation) code a merchant may hand out. */
export const AFFILIATE_CODE_MAX_LENGTH = 64;
/** Longest domain the check reads (the longest DNS name). */
const DOMAIN_MAX_LENGTH = 253;

export const affiliateCheckQuerySchema = z.object({
  code: z.string().trim().min(1).max(AFFILIATE_CODE_MAX_LENGTH),
  /** The site the visitor came to; the merchant itself comes from the host or header. */
  domain: z.string().trim().max(DOMAIN_MAX_LENGTH).optional(),
});
export type AffiliateCheckQuery = z.input<typeof affiliateCheckQuerySchema>;

/** Only whether the code is valid, spelt as the agent spelt it: nothing about the agent. */
export const affiliateCheckSchema = z.object({ valid: z.literal(true), code: z.string() });
export type AffiliateCheck = z.infer<typeof affiliateCheckSchema>;

export const affiliateCheckCall = defineCall({
  ...routes.affiliateCheck,
  summary:
    'Whether an affiliate (invitation) code belongs to an active agent of the merchant; AFFILIATE_CODE_INVALID if not',
  tags: ['member'],
  query: affiliateCheckQuerySchema,
  value: affiliateCheckSchema,
});

/** Most affiliate codes the overview lists; agents rarely hold more than a few. */
export const AGENT_OVERVIEW_CODES_LIMIT = 50;

export const agentOverviewSchema = z.object({
  account: z.string(),
  /** The agent's account type (SPEC §4: 1, 2, 41 or 42). */
  type: z.number().int(),
  /** Members whose upline is this agent. */
  directDownlineCount: z.number().int().nonnegative(),
  /** Of them, those who registered in the last 30 days. */
  newDownlineLast30Days: z.number().int().nonnegative(),
  affiliateCodes: z
    .array(
      z.object({
        code: z.string(),
        active: z.boolean(),
        /** Members who registered with this code. */
        registeredCount: z.number().int().nonnegative(),
      }),
    )
    .max(AGENT_OVERVIEW_CODES_LIMIT),
});
export type AgentOverview = z.infer<typeof agentOverviewSchema>;

export const agentOverviewCall = defineCall({
  ...routes.agentOverview,
  summary:
    "The agent centre's team overview: direct downline and invitation codes (agents only: NOT_AGENT for members, TRIAL_ACCOUNT for trial accounts)",
  tags: ['agent'],
  value: agentOverviewSchema,
});
