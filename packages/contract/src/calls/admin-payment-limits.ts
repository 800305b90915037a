import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { adminPaymentMethodSchema } from './admin-payments.js';
import { amountSchema, bankDetailsSchema } from './payments.js';

/** Most withdrawals per member in 24 hours an operator may allow (anything more is no limit). */
export const WITHDRAWAL_DAILY_COUNT_MAX = 100;

/** The merchant's withdrawal limits in major units; a null daily limit is no limit. */
export const adminWithdrawalLimitsSchema = z.object({
  currency: z.string(),
  /** Smallest and largest single withdrawal request. */
  minAmount: z.number(),
  maxAmount: z.number(),
  /** Most requests per member in any 24 hours. */
  dailyCountMax: z.number().int().nullable(),
  /** Most requested per member in any 24 hours (rejected requests do not count). */
  dailyAmountMax: z.number().nullable(),
});
export type AdminWithdrawalLimits = z.infer<typeof adminWithdrawalLimitsSchema>;

export const adminWithdrawalLimitsCall = defineCall({
  ...adminRoutes.adminWithdrawalLimits,
  summary: "The merchant's withdrawal limits: per request, and per member in 24 hours",
  tags: ['admin'],
  value: adminWithdrawalLimitsSchema,
});

export const adminUpdateWithdrawalLimitsBodySchema = z
  .object({
    minAmount: amountSchema,
    maxAmount: amountSchema,
    dailyCountMax: z.number().int().min(1).max(WITHDRAWAL_DAILY_COUNT_MAX).nullable(),
    dailyAmountMax: amountSchema.nullable(),
  })
  .refine((body) => body.minAmount <= body.maxAmount, {
    message: 'the smallest amount is above the largest',
    path: ['minAmount'],
  })
  .refine((body) => body.dailyAmountMax === null || body.maxAmount <= body.dailyAmountMax, {
    message: 'one request may not be above the daily amount',
    path: ['dailyAmountMax'],
  });

export const adminUpdateWithdrawalLimitsCall = defineCall({
  ...adminRoutes.adminUpdateWithdrawalLimits,
  summary:
    'Set the withdrawal limits (min ≤ max ≤ daily amount); the next withdrawal request is held to them',
  tags: ['admin'],
  body: adminUpdateWithdrawalLimitsBodySchema,
  value: adminWithdrawalLimitsSchema,
});

export const adminUpdateBankDetailsBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/),
  bankDetails: z.object({
    bankName: bankDetailsSchema.shape.bankName.trim(),
    accountName: bankDetailsSchema.shape.accountName.trim(),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z -]{1,40}$/),
    branch: bankDetailsSchema.shape.branch.trim(),
  }),
});

export const adminUpdateBankDetailsCall = defineCall({
  ...adminRoutes.adminUpdateBankDetails,
  summary:
    "Set the account a manual bank method's deposits are paid into (the player's deposit dialog shows it)",
  tags: ['admin'],
  body: adminUpdateBankDetailsBodySchema,
  value: adminPaymentMethodSchema,
});
