import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';
import { amountSchema } from './payments.js';

export const balanceSchema = z.object({
  /** Total cash balance in major units, at most two decimals. */
  sumBalance: z.number(),
  currency: z.string(),
  /** Each of the member's wallets: available balance (posted less held). */
  wallets: z.array(
    z.object({
      type: z.enum(['cash', 'bonus']),
      balance: z.number(),
      currency: z.string(),
      currencySymbol: z.string(),
    }),
  ),
});
export type Balance = z.infer<typeof balanceSchema>;

export const balanceCall = defineCall({
  ...routes.balance,
  summary: "The member's total cash balance",
  tags: ['wallet'],
  value: balanceSchema,
});

export const consolidatedFundsSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  /** Main cash wallet: available (posted less held). */
  mainBalance: z.number(),
  bonusBalance: z.number(),
  /** Points are a second asset, not money: shown beside, never added to the total. */
  pointsBalance: z.number(),
  /** Cash in the member's vendor transfer wallets, summed. */
  vendorBalance: z.number(),
  /** Main cash plus every vendor wallet (bonus and points excluded). */
  totalBalance: z.number(),
  wallets: z.array(
    z.object({
      /** `main` or a vendor wallet's code. */
      wallet: z.string(),
      asset: z.enum(['cash', 'bonus', 'points']),
      /** The vendor wallet's name; null for the member's own wallets. */
      name: z.string().nullable(),
      balance: z.number(),
    }),
  ),
  /** SPEC §3 consolidated contract flags, from the merchant's white-label switches. */
  contracts: z.object({
    dailySalary: z.boolean(),
    hourlySalary: z.boolean(),
    dividend: z.boolean(),
    realTimeSalary: z.boolean(),
    commission: z.boolean(),
  }),
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;

export const consolidatedFundsCall = defineCall({
  ...routes.consolidatedFunds,
  summary: "The member's wallets consolidated, with the merchant's contract flags",
  tags: ['wallet'],
  value: consolidatedFundsSchema,
});

export const vendorWalletSchema = z.object({
  code: z.string(),
  name: z.string(),
  minTransfer: z.number(),
  maxTransfer: z.number(),
});
export type VendorWallet = z.infer<typeof vendorWalletSchema>;

export const merchantWalletSchema = z.object({
  /** `seamless`: one wallet for every game; `transfer`: some vendors keep their own balance. */
  walletMode: z.enum(['seamless', 'transfer']),
  vendorWallets: z.array(vendorWalletSchema),
});
export type MerchantWallet = z.infer<typeof merchantWalletSchema>;

export const merchantWalletCall = defineCall({
  ...routes.merchantWallet,
  summary: 'Whether the merchant uses one wallet or per-vendor transfer wallets, and which',
  tags: ['wallet'],
  value: merchantWalletSchema,
});

const walletCodeSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

export const walletTransferSchema = z.object({
  transferId: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});
export type WalletTransfer = z.infer<typeof walletTransferSchema>;

export const walletTransferCall = defineCall({
  ...routes.walletTransfer,
  summary:
    'Move money between the main wallet (`main`) and a vendor transfer wallet. Send an Idempotency-Key header: a retry answers the same transfer.',
  tags: ['wallet'],
  body: z.object({ from: walletCodeSchema, to: walletCodeSchema, amount: amountSchema }),
  value: walletTransferSchema,
});
