import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  PROMOTION_APPLICATION_COMMENT_MAX,
  PROMOTION_APPLICATION_IMAGE_MAX_BYTES,
  PROMOTION_APPLICATION_IMAGES_MAX,
  promotionActions,
  promotionCategories,
  promotionStatuses,
  promotionTakeModes,
} from '../promotion-constants.js';
import { routes } from '../routes.js';

/** A promotion id as it travels: the row's bigint id written as decimal text. */
export const promotionIdSchema = z.string().regex(/^\d{1,18}$/);

/** One card of `/promotions` and one slide of the `/register` carousel. */
export const promotionCardSchema = z.object({
  id: z.string(),
  category: z.enum(promotionCategories),
  title: z.string(),
  /** The banner image's address; empty when the operator set none. */
  bannerUrl: z.string(),
  /** SPEC §3: the promotion's banner group name. */
  groupName: z.string(),
  takeMode: z.enum(promotionTakeModes),
  startsAtMs: z.number().int(),
  endsAtMs: z.number().int(),
  /** The member's status (SPEC §4); a guest sees what a new member would. */
  status: z.enum(promotionStatuses),
  /** The button offered now; null when there is nothing to do. */
  action: z.enum(promotionActions).nullable(),
});
export type PromotionCard = z.infer<typeof promotionCardSchema>;

export const promotionListCall = defineCall({
  ...routes.promotionList,
  summary: 'Running and coming promotions of the merchant, with the caller status (guests too)',
  tags: ['promotions'],
  query: z.object({ category: z.enum(promotionCategories).optional() }),
  value: z.object({ list: z.array(promotionCardSchema) }),
});

/** The raffle part of a detail: commitment before the draw, seed and winners after it. */
export const raffleDetailSchema = z.object({
  drawAtMs: z.number().int(),
  /** SHA-256 of the server seed, published from the start (commit-reveal). */
  seedHash: z.string(),
  /** The seed, shown once the draw is made; anyone can recompute the winners with it. */
  seed: z.string().nullable(),
  drawn: z.boolean(),
  /** Valid bet (major units) per ticket. */
  ticketEvery: z.number(),
  prizes: z.array(z.number()),
  /** The caller's tickets (0 for guests). */
  myTickets: z.number().int(),
  winners: z.array(
    z.object({
      rank: z.number().int(),
      account: z.string(),
      prize: z.number(),
      ticketNo: z.number().int(),
    }),
  ),
  totalTickets: z.number().int(),
});

export const promotionDetailSchema = promotionCardSchema.extend({
  /** Sanitized HTML, safe to render as it is. */
  content: z.string(),
  terms: z.string(),
  /** The reward issued to the caller (major units), when issued or claimed. */
  rewardAmount: z.number().nullable(),
  /** The operator's reason when the caller's application was rejected. */
  rejectReason: z.string().nullable(),
  /** A plain summary of the reward and wagering, built from the promotion's rules. */
  reward: z.object({
    kind: z.enum(['bonus', 'cash', 'raffle', 'points']),
    fixedAmount: z.number().nullable(),
    percent: z.number().nullable(),
    capAmount: z.number().nullable(),
    minDepositAmount: z.number().nullable(),
    wageringMultiple: z.number().nullable(),
    wageringBase: z.enum(['bonus', 'bonus_plus_deposit']).nullable(),
    maxBetAmount: z.number().nullable(),
    expiryDays: z.number().int().nullable(),
    /** Loyalty points a points reward credits; null for other rewards. */
    points: z.number().int().nullable(),
  }),
  raffle: raffleDetailSchema.nullable(),
});
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

export const promotionDetailCall = defineCall({
  ...routes.promotionDetail,
  summary: 'One promotion: content, terms, the caller status and progress, the action',
  tags: ['promotions'],
  query: z.object({ id: promotionIdSchema }),
  value: promotionDetailSchema,
});

const promotionActionValue = z.object({
  status: z.enum(promotionStatuses),
  /** The reward issued now (major units), when this action issued one. */
  rewardAmount: z.number().nullable(),
});

export const promotionJoinCall = defineCall({
  ...routes.promotionJoin,
  summary: 'Join a promotion (its reward follows the qualifying event, e.g. the deposit)',
  tags: ['promotions'],
  body: z.object({ id: promotionIdSchema }),
  value: promotionActionValue,
});

export const promotionClaimCall = defineCall({
  ...routes.promotionClaim,
  summary: 'Claim a promotion reward (idempotent: a second claim answers the first)',
  tags: ['promotions'],
  body: z.object({ id: promotionIdSchema }),
  value: promotionActionValue,
});

/** Base64 of the largest image the application takes, and a body that holds three of them. */
const APPLICATION_IMAGE_BASE64_MAX = Math.ceil(PROMOTION_APPLICATION_IMAGE_MAX_BYTES / 3) * 4;
const APPLICATION_BODY_LIMIT_BYTES =
  APPLICATION_IMAGE_BASE64_MAX * PROMOTION_APPLICATION_IMAGES_MAX + 16 * 1024;

export const promotionApplyCall = defineCall({
  ...routes.promotionApply,
  summary: 'Activity application (SPEC §5): a comment and up to three png or jpg images',
  tags: ['promotions'],
  bodyLimitBytes: APPLICATION_BODY_LIMIT_BYTES,
  body: z.object({
    id: promotionIdSchema,
    comment: z.string().trim().max(PROMOTION_APPLICATION_COMMENT_MAX),
    /**
     * The images' bytes as base64 (no data: prefix). Their kind is read from the bytes on the
     * server; a file name or a claimed type counts for nothing.
     */
    images: z
      .array(
        z
          .string()
          .min(1)
          .max(APPLICATION_IMAGE_BASE64_MAX + 4),
      )
      .max(PROMOTION_APPLICATION_IMAGES_MAX),
  }),
  value: z.object({ applicationId: z.string(), status: z.enum(promotionStatuses) }),
});

export const promotionCountCall = defineCall({
  ...routes.promotionCount,
  summary: 'How many running promotions the caller can act on now (the left bar badge)',
  tags: ['promotions'],
  value: z.object({ count: z.number().int() }),
});

export const claimRafflePromotionCall = defineCall({
  ...routes.claimRafflePromotion,
  summary: 'A raffle winner claims the prize (SPEC §7; idempotent: a second claim replays)',
  tags: ['promotions'],
  body: z.object({ promotionId: promotionIdSchema }),
  value: z.object({ prize: z.number(), status: z.enum(promotionStatuses), replayed: z.boolean() }),
});
