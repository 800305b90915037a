import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import { amountSchema } from './payments.js';

export const memberTransferSchema = z.object({
  transferId: z.string(),
  direction: z.enum(['upline', 'downline']),
  /** The other member's account name, masked for an upline (e.g. `ag***01`). */
  counterpartAccount: z.string(),
  amount: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});
export type MemberTransfer = z.infer<typeof memberTransferSchema>;

export const transferUplineInfoCall = defineCall({
  ...routes.transferUplineInfo,
  summary: "The member's upline (masked) and the merchant's transfer limits",
  tags: ['transfers'],
  value: z.object({
    /** Null when the member has no upline (nothing to transfer to). */
    uplineAccountMasked: z.string().nullable(),
    currency: z.string(),
    minAmount: z.number(),
    maxAmount: z.number(),
    dailyMaxAmount: z.number(),
  }),
});

export const transferUplineCall = defineCall({
  ...routes.transferUpline,
  summary:
    "Move cash to the member's upline. Send an Idempotency-Key header: a retry answers the same transfer.",
  tags: ['transfers'],
  secret: true,
  body: z.object({ amount: amountSchema, paymentPassword: z.string().min(1).max(255) }),
  value: memberTransferSchema,
});

export const transferDownlineCall = defineCall({
  ...routes.transferDownline,
  summary:
    'An agent moves cash to one of its direct downlines. Send an Idempotency-Key header: a retry answers the same transfer.',
  tags: ['transfers'],
  secret: true,
  body: z.object({
    downlineAccount: z.string().trim().min(1).max(64),
    amount: amountSchema,
    paymentPassword: z.string().min(1).max(255),
  }),
  value: memberTransferSchema,
});
