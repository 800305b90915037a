import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';

/** Most banks one merchant's withdrawal list holds (a country's banks fit well within it). */
export const WITHDRAWAL_BANKS_MAX = 200;
/** A bank's name, as members see it and bind it (member bank accounts hold at most 100). */
export const WITHDRAWAL_BANK_NAME_MIN_LENGTH = 2;
export const WITHDRAWAL_BANK_NAME_MAX_LENGTH = 60;

export const withdrawalBankNameSchema = z
  .string()
  .trim()
  .min(WITHDRAWAL_BANK_NAME_MIN_LENGTH)
  .max(WITHDRAWAL_BANK_NAME_MAX_LENGTH);

/** One bank of the merchant's withdrawal list; a disabled one is no longer offered or accepted. */
export const adminWithdrawalBankSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
});
export type AdminWithdrawalBank = z.infer<typeof adminWithdrawalBankSchema>;

export const adminWithdrawalBanksCall = defineCall({
  ...adminRoutes.adminWithdrawalBanks,
  summary:
    "The merchant's withdrawal bank list (members bind only its enabled banks; an empty list lets them type any name)",
  tags: ['admin'],
  value: z.object({ list: z.array(adminWithdrawalBankSchema) }),
});

export const adminAddWithdrawalBankCall = defineCall({
  ...adminRoutes.adminAddWithdrawalBank,
  summary: 'Add a bank to the withdrawal list (enabled, at the end)',
  tags: ['admin'],
  body: z.object({ name: withdrawalBankNameSchema }),
  value: adminWithdrawalBankSchema,
});

export const adminUpdateWithdrawalBankCall = defineCall({
  ...adminRoutes.adminUpdateWithdrawalBank,
  summary:
    'Rename, enable or disable a bank of the withdrawal list (accounts already bound keep their name)',
  tags: ['admin'],
  body: z.object({
    id: z.string().regex(/^[1-9][0-9]{0,18}$/),
    name: withdrawalBankNameSchema,
    enabled: z.boolean(),
  }),
  value: adminWithdrawalBankSchema,
});
