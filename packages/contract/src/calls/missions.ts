import { z } from 'zod';
import { defineCall } from '../call.js';
import { gameCategories } from '../game-constants.js';
import { routes } from '../routes.js';

/** How often a mission starts again: every UTC day, every UTC week (Monday), or never. */
export const missionPeriods = ['daily', 'weekly', 'once'] as const;
export type MissionPeriod = (typeof missionPeriods)[number];

/**
 * What a mission counts: settled rounds, valid bets (minor units), credited deposits (minor
 * units), consecutive UTC days with a login, or the best win multiplier of one round (in
 * hundredths: 1000 is a 10x win).
 */
export const missionGoalKinds = [
  'bet-count',
  'wager',
  'deposit',
  'login-streak',
  'win-multiplier',
] as const;
export type MissionGoalKind = (typeof missionGoalKinds)[number];

/** How a reward is paid: cash through the ledger, points (module points), bonus (bonus engine). */
export const loyaltyRewardKinds = ['cash', 'points', 'bonus'] as const;
export type LoyaltyRewardKind = (typeof loyaltyRewardKinds)[number];

/** Leaderboard periods: completed missions counted per UTC day or per UTC week. */
export const missionBoardPeriods = ['daily', 'weekly'] as const;
export const MISSION_LEADERBOARD_SIZE = 20;

export const missionSchema = z.object({
  missionId: z.string(),
  period: z.enum(missionPeriods),
  goalKind: z.enum(missionGoalKinds),
  /** Only rounds of this category count; null: every category. */
  gameCategory: z.enum(gameCategories).nullable(),
  title: z.string(),
  /**
   * The goal and what is done of it, in display units: a count, an amount with two decimals
   * (wager, deposit), days (login streak), or a multiplier (win multiplier, e.g. 10 for 10x).
   */
  target: z.number(),
  progress: z.number(),
  completed: z.boolean(),
  claimed: z.boolean(),
  claimable: z.boolean(),
  rewardKind: z.enum(loyaltyRewardKinds),
  /** An amount with two decimals for cash and bonus; a whole number of points. */
  rewardAmount: z.number(),
  /** The period this progress belongs to ('D2026-11-26', 'W2026-11-23', 'once'). */
  periodKey: z.string(),
  /** When this period ends and the mission starts again (ms); null for one-off missions. */
  resetsAtMs: z.number().int().nullable(),
});
export type Mission = z.infer<typeof missionSchema>;

export const missionSummaryCall = defineCall({
  ...routes.missionSummary,
  summary: "The merchant's active missions with the member's progress in the current period",
  tags: ['missions'],
  value: z.object({
    /** Missions completed and not yet claimed: the menu badge. */
    claimableCount: z.number().int(),
    missions: z.array(missionSchema),
  }),
});

export const missionLeaderboardCall = defineCall({
  ...routes.missionLeaderboard,
  summary: 'Members ranked by missions completed in the current UTC day or week (names masked)',
  tags: ['missions'],
  query: z.object({ period: z.enum(missionBoardPeriods).default('daily') }),
  value: z.object({
    period: z.enum(missionBoardPeriods),
    periodKey: z.string(),
    list: z.array(z.object({ rank: z.number().int(), name: z.string(), score: z.number().int() })),
    /** The caller's own place; null when they completed nothing in the period. */
    mine: z.object({ rank: z.number().int(), score: z.number().int() }).nullable(),
  }),
});

export const claimMissionCall = defineCall({
  ...routes.claimMission,
  summary:
    "Claims a completed mission's reward for its period: paid once (a repeat answers the same claim)",
  tags: ['missions'],
  body: z.object({
    missionId: z.string().regex(/^[1-9][0-9]{0,17}$/),
    periodKey: z.string().regex(/^(D\d{4}-\d{2}-\d{2}|W\d{4}-\d{2}-\d{2}|once)$/),
  }),
  value: z.object({
    missionId: z.string(),
    periodKey: z.string(),
    rewardKind: z.enum(loyaltyRewardKinds),
    rewardAmount: z.number(),
    claimedAtMs: z.number().int(),
  }),
});
