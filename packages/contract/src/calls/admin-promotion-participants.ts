import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { bonusStatuses } from '../bonus-constants.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorSchema } from '../cursor-paging.js';
import { promotionIdSchema } from './promotions.js';

/**
 * Most participants one page of a promotion's list holds. Each page also reads the bonus of
 * every row from the bonus engine, so it stays below the general keyset maximum.
 */
export const PROMOTION_PARTICIPANTS_PAGE_MAX = 50;
export const PROMOTION_PARTICIPANTS_PAGE_DEFAULT = 20;

/** A participation's stored status (one row per member, promotion and claim period). */
export const promotionParticipationStatuses = [
  'joined',
  'applying',
  'rejected',
  'issued',
  'claimable',
  'claimed',
] as const;
export type PromotionParticipationStatus = (typeof promotionParticipationStatuses)[number];

export const adminPromotionParticipantSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  /** When the member took part (joined, applied, claimed or was granted automatically). */
  joinedAtMs: z.number().int(),
  status: z.enum(promotionParticipationStatuses),
  /** The UTC day of a daily claim; empty for a once-only promotion. */
  period: z.string(),
  /** Cash or bonus issued by this participation (major units); 0 before it is issued. */
  rewardAmount: z.number(),
  /** The bonus this participation granted, with its amount and how much became cash. */
  bonusId: z.string().nullable(),
  bonusStatus: z.enum(bonusStatuses).nullable(),
  bonusIssuedAmount: z.number().nullable(),
  bonusConvertedAmount: z.number().nullable(),
});
export type AdminPromotionParticipant = z.infer<typeof adminPromotionParticipantSchema>;

/** The list's filters, shared by the call and its CSV export. */
export const promotionParticipantFilters = {
  id: promotionIdSchema,
  status: z.enum(promotionParticipationStatuses).optional(),
};

export const adminPromotionParticipantsCall = defineCall({
  ...adminRoutes.adminPromotionParticipants,
  summary:
    "One promotion's participants, newest first (keyset paging), with the bonus issued and converted",
  tags: ['admin'],
  query: z.object({
    ...promotionParticipantFilters,
    cursor: cursorSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PROMOTION_PARTICIPANTS_PAGE_MAX)
      .default(PROMOTION_PARTICIPANTS_PAGE_DEFAULT),
  }),
  value: cursorPageOf(adminPromotionParticipantSchema),
});
