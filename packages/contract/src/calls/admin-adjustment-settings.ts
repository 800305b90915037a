import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { AMOUNT_MAX } from './payments.js';

/** The two-person rule's limit in major units: zero (every adjustment needs two) up to AMOUNT_MAX. */
const limitAmountSchema = z
  .number()
  .min(0)
  .max(AMOUNT_MAX)
  .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, {
    message: 'at most two decimals',
  });

/** The change's body, also checked by the console before sending. */
export const adjustmentSettingsBodySchema = z.object({ secondApprovalAbove: limitAmountSchema });

export const adjustmentSettingsSchema = z.object({
  /** Adjustments above this amount (major units) wait for a second operator. */
  secondApprovalAbove: z.number(),
  /** False while the merchant uses the platform default (`ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR`). */
  merchantOwn: z.boolean(),
});

export const adminAdjustmentSettingsCall = defineCall({
  ...adminRoutes.adminAdjustmentSettings,
  summary:
    "The merchant's two-person limit for balance adjustments: above it an adjustment waits for a second operator",
  tags: ['admin'],
  value: adjustmentSettingsSchema,
});

export const adminSaveAdjustmentSettingsCall = defineCall({
  ...adminRoutes.adminSaveAdjustmentSettings,
  summary:
    "Sets the merchant's two-person limit for balance adjustments (admin only; audited as settings.adjustments). Requests already waiting keep waiting.",
  tags: ['admin'],
  body: adjustmentSettingsBodySchema,
  value: adjustmentSettingsSchema,
});
