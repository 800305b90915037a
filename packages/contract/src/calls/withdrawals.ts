import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import { amountSchema } from './payments.js';

export const bankAccountSchema = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** Only the last four digits leave the server. */
  accountNumberMasked: z.string(),
  accountName: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const withdrawalReceipts = ['received', 'notReceived', 'autoReceived'] as const;
export const withdrawalVerificationMethods = ['sms', 'email', 'accountName'] as const;
export type WithdrawalVerificationMethod = (typeof withdrawalVerificationMethods)[number];

export const withdrawalSchema = z.object({
  withdrawalId: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  bankAccount: bankAccountSchema,
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  /** The player's answer once approved; autoReceived when they let the time pass. */
  receipt: z.enum(withdrawalReceipts).nullable(),
  /** What reached the player and what is still on its way (SPEC §3 withdrawal confirmation). */
  receivedAmount: z.number(),
  remainingAmount: z.number(),
  /** Whether the operator attached a proof image (GET withdrawalProof shows it). */
  hasProof: z.boolean(),
  /** Approved and unanswered: when it counts as received. */
  autoReceiveAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const bankAccountsCall = defineCall({
  ...routes.bankAccounts,
  summary: "The member's bank accounts for withdrawals",
  tags: ['withdrawals'],
  value: z.array(bankAccountSchema),
});

export const addBankAccountCall = defineCall({
  ...routes.addBankAccount,
  summary: 'Bind a bank account; the name must be the payee name given at registration, if any',
  tags: ['withdrawals'],
  body: z.object({
    bankName: z.string().trim().min(2).max(100),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9]{6,30}$/),
    accountName: z.string().trim().min(2).max(100),
  }),
  value: bankAccountSchema,
});

export const setPaymentPasswordCall = defineCall({
  ...routes.setPaymentPassword,
  summary: 'Set or change the payment password; the login password confirms who asks',
  tags: ['withdrawals'],
  secret: true,
  body: z.object({
    loginPassword: z.string().min(1).max(255),
    paymentPassword: z.string().max(255),
    confirmPaymentPassword: z.string().max(255),
  }),
  value: z.null(),
});

export const createWithdrawalCall = defineCall({
  ...routes.createWithdrawal,
  summary:
    'Ask for a withdrawal: the amount is held at once and paid when an operator approves. Send an Idempotency-Key header.',
  tags: ['withdrawals'],
  secret: true,
  body: z.object({
    bankAccountId: z.number().int().positive(),
    amount: amountSchema,
    paymentPassword: z.string().min(1).max(255),
    /** Asked for when the address is new (WITHDRAWAL_VERIFICATION_REQUIRED names the method). */
    verification: z
      .object({
        code: z.string().trim().max(12).optional(),
        accountName: z.string().trim().max(100).optional(),
      })
      .optional(),
  }),
  value: withdrawalSchema,
});

export const sendWithdrawalCodeCall = defineCall({
  ...routes.sendWithdrawalCode,
  summary:
    "Send the new-address verification code to the member's own number or e-mail (the method the merchant configured)",
  tags: ['withdrawals'],
  value: z.object({ method: z.enum(['sms', 'email']), expiredMinutes: z.number().int() }),
});

export const confirmWithdrawalCall = defineCall({
  ...routes.confirmWithdrawal,
  summary:
    "The player's answer to an approved withdrawal, once: received, or not received (opens a case for the operator)",
  tags: ['withdrawals'],
  body: z.object({ withdrawalId: z.uuid(), received: z.boolean() }),
  value: withdrawalSchema,
});

export const withdrawalsCall = defineCall({
  ...routes.withdrawals,
  summary: "The member's latest withdrawals",
  tags: ['withdrawals'],
  value: z.array(withdrawalSchema),
});
