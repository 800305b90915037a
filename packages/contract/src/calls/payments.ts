import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';

/** Largest amount any call accepts, in major units; methods set their own, smaller bounds. */
export const AMOUNT_MAX = 1_000_000_000;

export const PAYER_REFERENCE_MAX_LENGTH = 100;

/** An amount in major units with at most two decimals (ARCHITECTURE §6). */
export const amountSchema = z
  .number()
  .positive()
  .max(AMOUNT_MAX)
  .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, {
    message: 'at most two decimals',
  });

/** The operator's bank account a manual deposit is paid into. */
export const bankDetailsSchema = z.object({
  bankName: z.string().min(1).max(100),
  accountName: z.string().min(1).max(100),
  accountNumber: z.string().min(1).max(40),
  branch: z.string().max(100),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

export const paymentMethodSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'manual_bank']),
  currency: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  /** Manual bank methods only: where the player transfers the money; null otherwise. */
  bankDetails: bankDetailsSchema.nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const depositSchema = z.object({
  depositId: z.string(),
  methodCode: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'rejected']),
  /** Where the player pays: the gateway's hosted page. */
  payUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const paymentMethodsCall = defineCall({
  ...routes.paymentMethods,
  summary: 'Deposit methods of the merchant, with their limits',
  tags: ['payments'],
  value: z.array(paymentMethodSchema),
});

export const createDepositCall = defineCall({
  ...routes.createDeposit,
  summary:
    'Start a deposit; answers the page where the player pays. Send an Idempotency-Key header: a retry answers the same deposit.',
  tags: ['payments'],
  body: z.object({
    methodCode: z.string().min(1).max(40),
    amount: amountSchema,
    /** Manual bank methods: the reference the player wrote on their bank transfer (required). */
    payerReference: z.string().trim().min(1).max(PAYER_REFERENCE_MAX_LENGTH).optional(),
  }),
  value: depositSchema,
});

/** How many of the member's deposits the list answers, newest first. */
export const DEPOSIT_LIST_LIMIT = 50;

export const depositsCall = defineCall({
  ...routes.deposits,
  summary: `The member's latest deposits (at most ${DEPOSIT_LIST_LIMIT}, newest first), pending, completed, failed or rejected`,
  tags: ['payments'],
  value: z.array(depositSchema),
});

export const depositCall = defineCall({
  ...routes.deposit,
  summary: "One of the member's deposits",
  tags: ['payments'],
  query: z.object({ depositId: z.uuid() }),
  value: depositSchema,
});
