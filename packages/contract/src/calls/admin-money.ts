import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { AMOUNT_MAX, depositSchema } from './payments.js';

export const adminDepositSchema = depositSchema.extend({
  memberAccount: z.string(),
  payerReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
});

/** The manual-deposit queue's filters, shared by its page and its CSV export. */
export const depositListFilters = {
  status: z.enum(['pending', 'completed', 'rejected']).default('pending'),
};

export const adminDepositsCall = defineCall({
  ...adminRoutes.adminDeposits,
  summary:
    "Manual bank deposits of the merchant, oldest first, by status: keyset paging, pass the reply's `nextCursor` as `cursor` for the next page",
  tags: ['admin'],
  query: cursorPageQuery.extend(depositListFilters),
  value: cursorPageOf(adminDepositSchema),
});

export const adminApproveDepositCall = defineCall({
  ...adminRoutes.adminApproveDeposit,
  summary: 'Approve a pending manual deposit: the member is credited, once',
  tags: ['admin'],
  body: z.object({ depositId: z.uuid() }),
  value: adminDepositSchema,
});

export const adminRejectDepositCall = defineCall({
  ...adminRoutes.adminRejectDeposit,
  summary: 'Reject a pending manual deposit: nothing is credited',
  tags: ['admin'],
  body: z.object({ depositId: z.uuid(), reason: z.string().trim().min(1).max(500) }),
  value: adminDepositSchema,
});

/** A signed amount in major units, at most two decimals, never zero. */
const signedAmountSchema = z
  .number()
  .min(-AMOUNT_MAX)
  .max(AMOUNT_MAX)
  .refine((amount) => amount !== 0, { message: 'not zero' })
  .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, {
    message: 'at most two decimals',
  });

export const adminAdjustBalanceCall = defineCall({
  ...adminRoutes.adminAdjustBalance,
  summary:
    "Credit (positive) or debit (negative) a member's cash with a reason. Idempotency-Key header required: a retry answers the same adjustment. Above the merchant's limit it waits for a second operator.",
  tags: ['admin'],
  body: z
    .object({
      account: z.string().trim().min(1).max(64),
      /** In minor units (an integer); give this or `amount`. */
      amountMinor: z
        .number()
        .int()
        .min(-AMOUNT_MAX * 100)
        .max(AMOUNT_MAX * 100)
        .optional(),
      amount: signedAmountSchema.optional(),
      reason: z.string().trim().min(1).max(500),
    })
    .refine((body) => (body.amount === undefined) !== (body.amountMinor === undefined), {
      message: 'give amount or amountMinor',
      path: ['amount'],
    })
    .refine((body) => body.amountMinor !== 0, { message: 'not zero', path: ['amountMinor'] }),
  /**
   * `completed`: the money moved. `pending`: above the merchant's limit, the adjustment waits
   * for a second operator (`requestId`); nothing moved yet.
   */
  value: z.discriminatedUnion('status', [
    z.object({
      status: z.literal('completed'),
      adjustmentId: z.string(),
      account: z.string(),
      amount: z.number(),
      balanceBefore: z.number(),
      balanceAfter: z.number(),
      currency: z.string(),
    }),
    z.object({
      status: z.literal('pending'),
      requestId: z.string(),
      account: z.string(),
      amount: z.number(),
      currency: z.string(),
    }),
  ]),
});
