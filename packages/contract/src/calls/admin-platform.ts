import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { consoleSessionSchema } from './admin.js';

/** A merchant code as the merchants table holds it. */
const merchantCodeSchema = z.string().trim().min(1).max(64);

export const adminSessionMerchantsCall = defineCall({
  ...adminRoutes.adminSessionMerchants,
  summary:
    "The merchants the signed-in operator may act on: every merchant for a platform operator, the operator's own for a merchant operator",
  tags: ['admin'],
  value: z.object({ merchantCodes: z.array(z.string()) }),
});

export const adminSwitchMerchantCall = defineCall({
  ...adminRoutes.adminSwitchMerchant,
  summary:
    "A platform operator chooses the merchant every later call of this session runs for (audited in that merchant's log). A merchant operator is refused (403 FORBIDDEN); an unknown merchant is MERCHANT_UNKNOWN.",
  tags: ['admin'],
  body: z.object({ merchantCode: merchantCodeSchema }),
  value: consoleSessionSchema,
});
