import { z } from 'zod';
import { defineCall } from '../call.js';
import { routes } from '../routes.js';

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
