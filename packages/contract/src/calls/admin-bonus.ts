import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import {
  BONUS_EXPIRY_MAX_DAYS,
  BONUS_MULTIPLE_MAX,
  BONUS_REASON_MAX_LENGTH,
  bonusStatuses,
} from '../bonus-constants.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { bonusViewSchema } from './bonus.js';
import { amountSchema } from './payments.js';

/** A bonus in the operator's list: the member's view plus whose it is. */
export const adminBonusSchema = bonusViewSchema.extend({
  memberId: z.number(),
  account: z.string(),
});
export type AdminBonus = z.infer<typeof adminBonusSchema>;

export const adminBonusesCall = defineCall({
  ...adminRoutes.adminBonuses,
  summary:
    "The merchant's bonuses, newest first (keyset paging), optionally one member's or one status",
  tags: ['admin'],
  query: cursorPageQuery.extend({
    account: z.string().trim().min(1).max(64).optional(),
    status: z.enum(bonusStatuses).optional(),
  }),
  value: cursorPageOf(adminBonusSchema),
});

export const adminGrantBonusCall = defineCall({
  ...adminRoutes.adminGrantBonus,
  summary:
    'Grant a bonus to a member by hand, with its wagering (a multiple of the bonus), maximum bet, expiry and a reason (audited). Idempotency-Key header required: a retry answers the same bonus.',
  tags: ['admin'],
  body: z.object({
    account: z.string().trim().min(1).max(64),
    amount: amountSchema,
    /** Turnover = amount x multiple (0: converts to cash at once). */
    wageringMultiple: z.number().int().min(0).max(BONUS_MULTIPLE_MAX),
    /** The largest stake while wagering; absent: no limit. */
    maxBet: amountSchema.optional(),
    expiresInDays: z.number().int().min(1).max(BONUS_EXPIRY_MAX_DAYS),
    reason: z.string().trim().min(1).max(BONUS_REASON_MAX_LENGTH),
  }),
  value: adminBonusSchema.extend({ replayed: z.boolean() }),
});

export const adminForfeitBonusCall = defineCall({
  ...adminRoutes.adminForfeitBonus,
  summary:
    "Forfeit a member's running bonus with a reason (audited): the bonus money goes back and its wagering ends",
  tags: ['admin'],
  body: z.object({
    bonusId: z.string().regex(/^[1-9][0-9]{0,18}$/),
    reason: z.string().trim().min(1).max(BONUS_REASON_MAX_LENGTH),
  }),
  value: adminBonusSchema,
});
