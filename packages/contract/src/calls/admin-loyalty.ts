import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { cursorPageOf, cursorPageQuery } from '../cursor-paging.js';
import { gameCategories } from '../game-constants.js';
import { pointRewardTypes, REDEEM_QUANTITY_MAX } from '../points-constants.js';

/** Operator calls of loyalty (issue 20): point rules, the catalogue, redemptions, club ranks. */

/** Most rewards one merchant's catalogue holds: the console edits it as one list. */
export const POINT_REWARDS_ADMIN_MAX = 200;
/** Most club ranks per merchant. */
export const VIP_RANKS_MAX = 20;
export const VIP_WINDOW_DAYS_MAX = 365;
/** Largest points or money figure an operator may type (major units for money). */
const FIGURE_MAX = 1_000_000_000;

const amountField = z.number().min(0).max(FIGURE_MAX);
const pointsField = z.number().int().min(0).max(FIGURE_MAX);
const colourField = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** Highest wagering multiple a bonus reward may ask (the bonus engine's own bound). */
export const POINT_REWARD_WAGERING_MULTIPLE_MAX = 100;
/** Most free spins one unit of a free-spins reward grants. */
export const POINT_REWARD_FREE_SPINS_MAX = 500;

/** A free-spins reward's terms: the built-in slot, the spins per unit, the fixed bet per line. */
export const pointRewardFreeSpinsSchema = z.object({
  gameCode: z.string().trim().min(1).max(60),
  spins: z.number().int().min(1).max(POINT_REWARD_FREE_SPINS_MAX),
  betPerLine: z.number().positive().max(FIGURE_MAX),
});

export const pointRuleSchema = z.object({
  /** A game category, or `*` for every category without a rule of its own. */
  gameCategory: z.enum(['*', ...gameCategories]),
  /** Each this much valid bet (major units)... */
  unitAmount: z.number().positive().max(FIGURE_MAX),
  /** ...earns this many points. */
  pointsPerUnit: pointsField,
});

export const pointSettingsSchema = z.object({
  convertEnabled: z.boolean(),
  pointsPerStep: pointsField.min(1),
  amountPerStep: z.number().positive().max(FIGURE_MAX),
  minPoints: pointsField.min(1),
});

export const adminPointRulesSchema = z.object({
  rules: z.array(pointRuleSchema).max(gameCategories.length + 1),
  settings: pointSettingsSchema,
});
export type AdminPointRules = z.infer<typeof adminPointRulesSchema>;

export const adminPointRulesCall = defineCall({
  ...adminRoutes.adminPointRules,
  summary: "The merchant's points earning rules and conversion settings",
  tags: ['admin'],
  value: adminPointRulesSchema,
});

export const adminSavePointRulesCall = defineCall({
  ...adminRoutes.adminSavePointRules,
  summary:
    'Replace the earning rules and conversion settings (rounds settled after this earn by them)',
  tags: ['admin'],
  body: adminPointRulesSchema,
  value: adminPointRulesSchema,
});

export const adminPointRewardSchema = z.object({
  id: z.string(),
  type: z.enum(pointRewardTypes),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  points: z.number().int(),
  amount: z.number(),
  stock: z.number().int().nullable(),
  needsApproval: z.boolean(),
  maxQuantity: z.number().int(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  wageringMultiple: z.number().int(),
  freeSpins: pointRewardFreeSpinsSchema.nullable(),
});
export type AdminPointReward = z.infer<typeof adminPointRewardSchema>;

export const adminPointRewardsCall = defineCall({
  ...adminRoutes.adminPointRewards,
  summary: "The merchant's whole point mall catalogue, inactive rewards too",
  tags: ['admin'],
  value: z.object({ list: z.array(adminPointRewardSchema) }),
});

export const adminSavePointRewardCall = defineCall({
  ...adminRoutes.adminSavePointReward,
  summary:
    'Create a reward (no id) or change one: price, value, stock (null: unlimited), approval, on or off',
  tags: ['admin'],
  body: z.object({
    id: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
    type: z.enum(pointRewardTypes),
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(500).default(''),
    imageUrl: z.string().url().max(2_000).nullable().default(null),
    points: pointsField.min(1),
    amount: amountField.default(0),
    stock: z.number().int().min(0).max(FIGURE_MAX).nullable(),
    /** Goods always wait for an operator; cash, bonus and free spins may too. */
    needsApproval: z.boolean().default(false),
    maxQuantity: z.number().int().min(1).max(REDEEM_QUANTITY_MAX).default(1),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    /** A bonus reward (and free-spin winnings) is wagered this many times before it is cash. */
    wageringMultiple: z.number().int().min(0).max(POINT_REWARD_WAGERING_MULTIPLE_MAX).default(1),
    /** Required for a free-spins reward, ignored for the others. */
    freeSpins: pointRewardFreeSpinsSchema.nullable().default(null),
  }),
  value: adminPointRewardSchema,
});

export const pointRedemptionStatuses = ['in_process', 'approved', 'rejected'] as const;

export const adminPointRedemptionSchema = z.object({
  id: z.string(),
  referenceNo: z.string(),
  memberId: z.string(),
  account: z.string(),
  type: z.enum(pointRewardTypes),
  name: z.string(),
  quantity: z.number().int(),
  points: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(pointRedemptionStatuses),
  appliedAtMs: z.number().int(),
  decidedByUsername: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type AdminPointRedemption = z.infer<typeof adminPointRedemptionSchema>;

export const adminPointRedemptionsCall = defineCall({
  ...adminRoutes.adminPointRedemptions,
  summary:
    'Redemptions of a status (In Process oldest first, decided newest first), paged by cursor',
  tags: ['admin'],
  query: cursorPageQuery.extend({ status: z.enum(pointRedemptionStatuses).default('in_process') }),
  value: cursorPageOf(adminPointRedemptionSchema),
});

export const adminApprovePointRedemptionCall = defineCall({
  ...adminRoutes.adminApprovePointRedemption,
  summary: 'Approve a redemption: its held points are spent and its cash or bonus paid',
  tags: ['admin'],
  body: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
  value: adminPointRedemptionSchema,
});

export const adminRejectPointRedemptionCall = defineCall({
  ...adminRoutes.adminRejectPointRedemption,
  summary:
    'Reject a redemption: its hold is voided (the member keeps the points) and its stock returns',
  tags: ['admin'],
  body: z.object({
    id: z.string().regex(/^\d{1,18}$/),
    reason: z.string().trim().min(1).max(500),
  }),
  value: adminPointRedemptionSchema,
});

export const vipRankSchema = z.object({
  rankLevel: z.number().int().min(1).max(99),
  name: z.string().trim().min(1).max(40),
  color: colourField,
  color2: colourField,
  /** Valid bets (major units) within the window... */
  minTurnover: amountField,
  /** ...and deposits within the window, both needed. */
  minDeposit: amountField,
});

export const adminVipRanksSchema = z.object({
  windowDays: z.number().int().min(1).max(VIP_WINDOW_DAYS_MAX),
  ranks: z.array(vipRankSchema).max(VIP_RANKS_MAX),
});
export type AdminVipRanks = z.infer<typeof adminVipRanksSchema>;

export const adminVipRanksCall = defineCall({
  ...adminRoutes.adminVipRanks,
  summary: "The merchant's club ranks and their rolling window",
  tags: ['admin'],
  value: adminVipRanksSchema,
});

export const adminSaveVipRanksCall = defineCall({
  ...adminRoutes.adminSaveVipRanks,
  summary:
    'Replace the club ranks and window; members are placed again as they next play or deposit',
  tags: ['admin'],
  body: adminVipRanksSchema,
  value: adminVipRanksSchema,
});

/** A member label with the colours the site shows it in (text, and the pill's background). */
export const adminMemberLabelColourSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  backgroundColor: z.string(),
});
export type AdminMemberLabelColour = z.infer<typeof adminMemberLabelColourSchema>;

export const adminMemberLabelColoursCall = defineCall({
  ...adminRoutes.adminMemberLabelColours,
  summary: "The merchant's member labels with the colours the site shows them in",
  tags: ['admin'],
  value: z.object({ list: z.array(adminMemberLabelColourSchema) }),
});

export const adminSaveMemberLabelColoursCall = defineCall({
  ...adminRoutes.adminSaveMemberLabelColours,
  summary: "Set one member label's text and background colours (#rrggbb)",
  tags: ['admin'],
  body: z.object({
    id: z.string().regex(/^\d{1,18}$/),
    color: colourField,
    backgroundColor: colourField,
  }),
  value: adminMemberLabelColourSchema,
});
