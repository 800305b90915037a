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
