import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { builtinSlotGameCodes } from '../builtin-games-constants.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { languageCodeSchema } from '../languages.js';
import {
  PROMOTION_CONTENT_MAX,
  PROMOTION_REJECT_REASON_MAX,
  PROMOTION_TITLE_MAX,
  promotionCategories,
  promotionRunStates,
  promotionTakeModes,
  RAFFLE_PRIZES_MAX,
} from '../promotion-constants.js';
import { amountSchema } from './payments.js';
import { promotionIdSchema } from './promotions.js';

/** Longest a promotion may run, and the longest wagering expiry (days). */
export const PROMOTION_MAX_DURATION_DAYS = 366;
export const PROMOTION_WAGERING_EXPIRY_DAYS_MAX = 90;
/** Highest wagering multiple an operator may set (x times the base). */
export const PROMOTION_WAGERING_MULTIPLE_MAX = 100;
/** Percent of a deposit, in basis points (10000 = 100 %), at most 500 %. */
export const PROMOTION_PERCENT_BP_MAX = 50_000;
export const PROMOTION_AGENT_IDS_MAX = 100;
export const PROMOTION_LABELS_MAX = 20;

/** One language's texts; content and terms are HTML, sanitized by the server on save. */
export const promotionTextSchema = z.object({
  title: z.string().trim().min(1).max(PROMOTION_TITLE_MAX),
  content: z.string().max(PROMOTION_CONTENT_MAX),
  terms: z.string().max(PROMOTION_CONTENT_MAX),
});

/**
 * Who qualifies. Every condition set must hold. `depositNth` 1 is the first deposit; none is any
 * deposit. `newPlayersOnly`: members with no credited deposit before they take the promotion.
 * `vipRankMin` is a hook for VIP ranks (issue 20): stored and shown, not enforced yet.
 */
export const promotionQualifierSchema = z.object({
  newPlayersOnly: z.boolean().default(false),
  depositNth: z.number().int().min(1).max(100).nullable().default(null),
  memberLabels: z.array(z.string().min(1).max(40)).max(PROMOTION_LABELS_MAX).default([]),
  agentIds: z
    .array(z.string().regex(/^\d{1,18}$/))
    .max(PROMOTION_AGENT_IDS_MAX)
    .default([]),
  vipRankMin: z.number().int().min(0).max(100).nullable().default(null),
});
export type PromotionQualifier = z.infer<typeof promotionQualifierSchema>;

/** Most free spins one promotion reward grants. */
export const PROMOTION_FREE_SPINS_MAX = 500;
/** The games a free-spins reward can be played on: the built-in slots. */
export const PROMOTION_FREE_SPIN_GAME_CODES: readonly string[] = builtinSlotGameCodes;

/** Most loyalty points one promotion reward credits to a member. */
export const PROMOTION_POINTS_MAX = 1_000_000;

/** Amounts in the admin API are major units with two decimals, like every money call. */
export const promotionRewardSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bonus_fixed'), amount: amountSchema }),
  z.object({
    kind: z.literal('bonus_percent'),
    percentBp: z.number().int().min(1).max(PROMOTION_PERCENT_BP_MAX),
    capAmount: amountSchema,
    minDepositAmount: amountSchema.or(z.literal(0)).default(0),
  }),
  z.object({ kind: z.literal('cash_fixed'), amount: amountSchema }),
  z.object({
    kind: z.literal('raffle'),
    /** One ticket per this much valid bet (settled rounds while the raffle runs). */
    ticketEveryAmount: amountSchema,
    /** Prize of the 1st, 2nd, ... winner; one prize per member at most. */
    prizes: z.array(amountSchema).min(1).max(RAFFLE_PRIZES_MAX),
    /** When the draw is made (after the promotion's end at the earliest). */
    drawAtMs: z.number().int(),
  }),
  z.object({
    kind: z.literal('free_spins'),
    /** A built-in slot; every spin plays all its lines at this bet per line. */
    gameCode: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .refine((code) => PROMOTION_FREE_SPIN_GAME_CODES.includes(code), 'not a built-in slot'),
    spins: z.number().int().min(1).max(PROMOTION_FREE_SPINS_MAX),
    betPerLine: amountSchema,
  }),
  z.object({
    kind: z.literal('points'),
    /** Loyalty points credited through the points module (whole points, never expire). */
    points: z.number().int().min(1).max(PROMOTION_POINTS_MAX),
  }),
]);
export type PromotionRewardInput = z.infer<typeof promotionRewardSchema>;

/** Wagering of a bonus reward, handed to the bonus engine with the grant. */
export const promotionWageringSchema = z.object({
  multiple: z.number().min(0).max(PROMOTION_WAGERING_MULTIPLE_MAX).default(0),
  base: z.enum(['bonus', 'bonus_plus_deposit']).default('bonus'),
  /** Percent each game category counts (slots 100, dice 10...); absent categories count 100. */
  categoryWeightsPercent: z.record(z.string(), z.number().int().min(0).max(100)).default({}),
  maxBetAmount: amountSchema.nullable().default(null),
  expiryDays: z.number().int().min(1).max(PROMOTION_WAGERING_EXPIRY_DAYS_MAX).default(7),
});
export type PromotionWagering = z.infer<typeof promotionWageringSchema>;

export const promotionInputSchema = z.object({
  /** Absent: a new promotion. */
  id: promotionIdSchema.optional(),
  category: z.enum(promotionCategories),
  takeMode: z.enum(promotionTakeModes),
  /** Per language; the merchant's default language should be among them. */
  texts: z.partialRecord(languageCodeSchema, promotionTextSchema),
  bannerUrl: z.string().max(2048).default(''),
  groupName: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{0,40}$/)
    .default(''),
  startsAtMs: z.number().int(),
  endsAtMs: z.number().int(),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  qualifier: promotionQualifierSchema,
  reward: promotionRewardSchema,
  wagering: promotionWageringSchema,
});
export type PromotionInput = z.infer<typeof promotionInputSchema>;

export const adminPromotionSchema = promotionInputSchema.extend({
  id: z.string(),
  state: z.enum(promotionRunStates),
  /** SHA-256 of a raffle's seed (committed when the raffle is created); null otherwise. */
  raffleSeedHash: z.string().nullable(),
  raffleDrawn: z.boolean(),
  updatedAtMs: z.number().int(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;

export const adminPromotionsCall = defineCall({
  ...adminRoutes.adminPromotions,
  summary: 'Promotions of the merchant, newest first (keyset paging)',
  tags: ['admin'],
  query: cursorPageQuery.extend({ category: z.enum(promotionCategories).optional() }),
  value: cursorPageOf(adminPromotionSchema),
});

export const adminSavePromotionCall = defineCall({
  ...adminRoutes.adminSavePromotion,
  summary: 'Create or edit a promotion (texts sanitized; audit entry with the change)',
  tags: ['admin'],
  body: promotionInputSchema,
  value: adminPromotionSchema,
});

export const adminSetPromotionStateCall = defineCall({
  ...adminRoutes.adminSetPromotionState,
  summary: 'Pause, resume or end a promotion',
  tags: ['admin'],
  body: z.object({ id: promotionIdSchema, state: z.enum(promotionRunStates) }),
  value: adminPromotionSchema,
});

export const adminPromotionReportCall = defineCall({
  ...adminRoutes.adminPromotionReport,
  summary: 'A promotion cost and participants (bonus figures from the bonus engine)',
  tags: ['admin'],
  query: z.object({ id: promotionIdSchema }),
  value: z.object({
    participants: z.number().int(),
    byStatus: z.record(z.string(), z.number().int()),
    rewardsIssued: z.number().int(),
    issuedAmount: z.number(),
    /** From the bonus engine: null when it cannot answer (not wired). */
    bonusConvertedAmount: z.number().nullable(),
    bonusForfeitedAmount: z.number().nullable(),
    bonusActiveAmount: z.number().nullable(),
    /** Bonuses that reached their expiry unmet (the money went back, like a forfeit). */
    bonusExpiredAmount: z.number().nullable(),
  }),
});

export const adminApplicationSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  promotionTitle: z.string(),
  memberId: z.string(),
  account: z.string(),
  comment: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectReason: z.string().nullable(),
  imageIds: z.array(z.string()),
  createdAtMs: z.number().int(),
  decidedAtMs: z.number().int().nullable(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

export const adminPromotionApplicationsCall = defineCall({
  ...adminRoutes.adminPromotionApplications,
  summary: 'Activity applications, newest first (keyset paging), pending by default',
  tags: ['admin'],
  query: cursorPageQuery.extend({
    status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  }),
  value: cursorPageOf(adminApplicationSchema),
});

export const adminPromotionApplicationImageCall = defineCall({
  ...adminRoutes.adminPromotionApplicationImage,
  summary: 'One image of an application (re-encoded on upload), as base64',
  tags: ['admin'],
  query: z.object({ id: z.string().uuid() }),
  value: z.object({ contentType: z.enum(['image/png', 'image/jpeg']), base64: z.string() }),
});

export const adminDecideApplicationCall = defineCall({
  ...adminRoutes.adminDecideApplication,
  summary: 'Approve (reward issued) or reject (with the reason the player sees) an application',
  tags: ['admin'],
  body: z.discriminatedUnion('decision', [
    z.object({ id: promotionIdSchema, decision: z.literal('approve') }),
    z.object({
      id: promotionIdSchema,
      decision: z.literal('reject'),
      reason: z.string().trim().min(1).max(PROMOTION_REJECT_REASON_MAX),
    }),
  ]),
  value: adminApplicationSchema,
});
