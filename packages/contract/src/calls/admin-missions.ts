import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { gameCategories } from '../game-constants.js';
import { languageCodeSchema } from '../languages.js';
import { loyaltyRewardKinds, missionGoalKinds, missionPeriods } from './missions.js';
import { referralQualifyKinds, referralRuleSchema } from './referrals.js';

/** Missions of one merchant (active and paused): the console lists them on one page. */
export const MISSIONS_PER_MERCHANT_MAX = 100;
export const MISSION_TITLE_MAX_LENGTH = 120;
/** Largest goal or reward an operator may set, in display units (amounts, counts, points). */
export const LOYALTY_AMOUNT_MAX = 100_000_000;

const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
const positiveAmount = z.number().positive().max(LOYALTY_AMOUNT_MAX);

export const adminMissionSchema = z.object({
  id: z.string(),
  period: z.enum(missionPeriods),
  goalKind: z.enum(missionGoalKinds),
  gameCategory: z.enum(gameCategories).nullable(),
  /** In display units, as the player sees it (see `missionSchema.target`). */
  target: z.number(),
  rewardKind: z.enum(loyaltyRewardKinds),
  rewardAmount: z.number(),
  titles: z.partialRecord(languageCodeSchema, z.string()),
  status: z.enum(['active', 'paused']),
  sortOrder: z.number().int(),
  updatedAtMs: z.number().int(),
});
export type AdminMission = z.infer<typeof adminMissionSchema>;

export const adminMissionsCall = defineCall({
  ...adminRoutes.adminMissions,
  summary: "The merchant's missions, active and paused, in display order",
  tags: ['admin'],
  value: z.object({ list: z.array(adminMissionSchema) }),
});

export const adminSaveMissionCall = defineCall({
  ...adminRoutes.adminSaveMission,
  summary: 'Creates a mission (no id) or edits one; progress already made keeps counting',
  tags: ['admin'],
  body: z.object({
    id: idSchema.optional(),
    period: z.enum(missionPeriods),
    goalKind: z.enum(missionGoalKinds),
    gameCategory: z.enum(gameCategories).nullable().default(null),
    target: positiveAmount,
    rewardKind: z.enum(loyaltyRewardKinds),
    rewardAmount: positiveAmount,
    titles: z
      .partialRecord(languageCodeSchema, z.string().trim().min(1).max(MISSION_TITLE_MAX_LENGTH))
      .refine((titles) => Boolean(titles.EN), { message: 'An English title is required' }),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  }),
  value: adminMissionSchema,
});

export const adminSetMissionStatusCall = defineCall({
  ...adminRoutes.adminSetMissionStatus,
  summary: 'Pauses a mission (hidden, stops counting) or starts it again',
  tags: ['admin'],
  body: z.object({ id: idSchema, status: z.enum(['active', 'paused']) }),
  value: adminMissionSchema,
});

export const adminReferralRuleSchema = referralRuleSchema.extend({
  enabled: z.boolean(),
  updatedAtMs: z.number().int(),
});

export const adminReferralRuleCall = defineCall({
  ...adminRoutes.adminReferralRule,
  summary: "The merchant's referral reward rule; null when none was ever set",
  tags: ['admin'],
  value: z.object({ rule: adminReferralRuleSchema.nullable() }),
});

export const adminSaveReferralRuleCall = defineCall({
  ...adminRoutes.adminSaveReferralRule,
  summary: 'Sets the referral reward rule; a friend already rewarded is never paid again',
  tags: ['admin'],
  body: z.object({
    enabled: z.boolean(),
    qualifyBy: z.enum(referralQualifyKinds),
    threshold: positiveAmount,
    rewardKind: z.enum(loyaltyRewardKinds),
    rewardAmount: positiveAmount,
    maxRewardedFriends: z.number().int().min(1).max(10_000),
  }),
  value: z.object({ rule: adminReferralRuleSchema }),
});
