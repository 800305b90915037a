import { z } from 'zod';
import { defineCall } from '../call.js';
import { pageEchoTotalsShape, pageQueryParams } from '../paging.js';
import {
  CONVERT_POINTS_MAX,
  POINT_DETAIL_PAGE_SIZE_DEFAULT,
  POINT_DETAIL_PAGE_SIZE_MAX,
  POINT_LIST_PAGE_NO_MAX,
  POINT_REWARDS_PAGE_SIZE_DEFAULT,
  POINT_REWARDS_PAGE_SIZE_MAX,
  pointRewardTypes,
  REDEEM_LIST_PAGE_SIZE_DEFAULT,
  REDEEM_LIST_PAGE_SIZE_MAX,
  REDEEM_QUANTITY_MAX,
  redeemStatuses,
} from '../points-constants.js';
import { routes } from '../routes.js';

/** Points are whole numbers; amounts are money with two decimals (money.ts). */

export const pointBalanceCall = defineCall({
  ...routes.pointBalance,
  summary: "The member's points: what can be spent now, and what open redemptions hold",
  tags: ['points'],
  value: z.object({ balance: z.number().int(), held: z.number().int() }),
});

export const pointRewardSchema = z.object({
  id: z.string(),
  type: z.enum(pointRewardTypes),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** Points per unit. */
  points: z.number().int(),
  /** Cash or bonus paid per unit (0 for goods and free spins). */
  amount: z.number(),
  /** Units left; null: unlimited. */
  stock: z.number().int().nullable(),
  /** Goods and manual rewards wait for an operator. */
  needsApproval: z.boolean(),
  maxQuantity: z.number().int(),
});
export type PointReward = z.infer<typeof pointRewardSchema>;

export const pointRewardsCall = defineCall({
  ...routes.pointRewards,
  summary: "The merchant's point mall catalogue, filtered by type or by what the member can afford",
  tags: ['points'],
  query: z.object({
    type: z.enum(pointRewardTypes).optional(),
    /** `true`: only rewards whose price fits the member's points. */
    affordable: z.enum(['true', 'false']).optional(),
    ...pageQueryParams({
      defaultPageSize: POINT_REWARDS_PAGE_SIZE_DEFAULT,
      maxPageSize: POINT_REWARDS_PAGE_SIZE_MAX,
      maxPageNo: POINT_LIST_PAGE_NO_MAX,
    }),
  }),
  value: z.object({ list: z.array(pointRewardSchema), ...pageEchoTotalsShape }),
});

export const redeemRecordSchema = z.object({
  referenceNo: z.string(),
  applyTime: z.string(),
  type: z.enum(pointRewardTypes),
  name: z.string(),
  quantity: z.number().int(),
  /** Points the redemption costs (all units). */
  points: z.number().int(),
  /** Cash or bonus it pays (all units). */
  amount: z.number(),
  status: z.enum(redeemStatuses),
});
export type RedeemRecord = z.infer<typeof redeemRecordSchema>;

export const redeemPointRewardCall = defineCall({
  ...routes.redeemPointReward,
  summary:
    'Redeem a reward with points and the payment password: the points are held, then spent at once (cash, bonus) or when an operator approves (goods, manual rewards). Send an Idempotency-Key header.',
  tags: ['points'],
  secret: true,
  body: z.object({
    rewardId: z.string().regex(/^\d{1,18}$/),
    quantity: z.number().int().min(1).max(REDEEM_QUANTITY_MAX).default(1),
    paymentPassword: z.string().min(1).max(255),
  }),
  value: redeemRecordSchema,
});

export const redeemPointListCall = defineCall({
  ...routes.redeemPointList,
  summary: "The member's redemptions, newest first",
  tags: ['points'],
  query: z.object({
    status: z.enum(redeemStatuses).optional(),
    ...pageQueryParams({
      defaultPageSize: REDEEM_LIST_PAGE_SIZE_DEFAULT,
      maxPageSize: REDEEM_LIST_PAGE_SIZE_MAX,
      maxPageNo: POINT_LIST_PAGE_NO_MAX,
    }),
  }),
  value: z.object({ list: z.array(redeemRecordSchema), ...pageEchoTotalsShape }),
});

export const pointConfigSchema = z.object({
  convertEnabled: z.boolean(),
  /** Points convert in steps of this many points... */
  pointsPerStep: z.number().int(),
  /** ...each worth this much cash. */
  amountPerStep: z.number(),
  minPoints: z.number().int(),
  currency: z.string(),
  /** Points never expire (SPEC §9). */
  expires: z.literal(false),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;

export const pointConfigCall = defineCall({
  ...routes.pointConfig,
  summary: "The merchant's points settings: the conversion rate and minimum",
  tags: ['points'],
  value: pointConfigSchema,
});

export const convertPointCall = defineCall({
  ...routes.convertPoint,
  summary:
    'Convert points to cash at the configured rate, with the payment password. Send an Idempotency-Key header.',
  tags: ['points'],
  secret: true,
  body: z.object({
    points: z.number().int().min(1).max(CONVERT_POINTS_MAX),
    paymentPassword: z.string().min(1).max(255),
  }),
  value: z.object({ points: z.number().int(), amount: z.number(), balance: z.number().int() }),
});

export const pointDetailRowSchema = z.object({
  id: z.string(),
  time: z.string(),
  /** Signed: points in (earned, refunded) or out (spent). */
  changedPoints: z.number().int(),
  balance: z.number().int(),
  /** play, mission, referral, promotion, operator, convert, redeem */
  type: z.string(),
  remark: z.string(),
});
export type PointDetailRow = z.infer<typeof pointDetailRowSchema>;

export const pointDetailCall = defineCall({
  ...routes.pointDetail,
  summary: "The member's points detail: every change with the balance after it, newest first",
  tags: ['points'],
  query: z.object({
    ...pageQueryParams({
      defaultPageSize: POINT_DETAIL_PAGE_SIZE_DEFAULT,
      maxPageSize: POINT_DETAIL_PAGE_SIZE_MAX,
      maxPageNo: POINT_LIST_PAGE_NO_MAX,
    }),
  }),
  value: z.object({ list: z.array(pointDetailRowSchema), ...pageEchoTotalsShape }),
});
