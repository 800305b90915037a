import { z } from 'zod';
import {
  BONUS_PAGE_SIZE_DEFAULT,
  BONUS_PAGE_SIZE_MAX,
  bonusSourceKinds,
  bonusStatuses,
} from '../bonus-constants.js';
import { defineCall } from '../call.js';
import { pageEchoTotalsShape, pageQueryParams } from '../paging.js';
import { routes } from '../routes.js';

/** Pages past this are refused: a member has a bounded number of bonuses. */
const BONUS_PAGE_NO_MAX = 1_000;

/** One bonus as the member and the operator see it; amounts in major units. */
export const bonusViewSchema = z.object({
  bonusId: z.string(),
  currency: z.string(),
  /** The bonus credited. */
  amount: z.number(),
  /** The turnover to meet (weighted valid bets). */
  requirement: z.number(),
  /** The weighted valid bets counted so far. */
  progress: z.number(),
  /** requirement - progress, never below 0. */
  remaining: z.number(),
  /** 0-100, rounded down: the progress bar. */
  progressPercent: z.number().int(),
  /** The largest stake allowed while this bonus is wagering; null: no limit. */
  maxBet: z.number().nullable(),
  /** Percent of a valid bet that counts, by game category. */
  categoryWeights: z.record(z.string(), z.number()),
  status: z.enum(bonusStatuses),
  sourceKind: z.enum(bonusSourceKinds),
  sourceRef: z.string(),
  grantedAt: z.string(),
  expiresAt: z.string(),
  /** When it converted, expired or was forfeited; null while wagering. */
  closedAt: z.string().nullable(),
});
export type BonusView = z.infer<typeof bonusViewSchema>;

export const bonusListCall = defineCall({
  ...routes.bonusList,
  summary:
    'bonusDetails: every bonus of the member, newest first, with its amount, requirement, progress, status and dates',
  tags: ['bonus'],
  query: z.object(
    pageQueryParams({
      defaultPageSize: BONUS_PAGE_SIZE_DEFAULT,
      maxPageSize: BONUS_PAGE_SIZE_MAX,
      maxPageNo: BONUS_PAGE_NO_MAX,
    }),
  ),
  value: z.object({ list: z.array(bonusViewSchema), ...pageEchoTotalsShape }),
});

/** Something the member can claim now (promotions add theirs: the bonus engine has none of its own). */
export const claimableRewardSchema = z.object({
  kind: z.string(),
  id: z.string(),
  title: z.string(),
  /** The reward's value when known in advance; null for a percent of a future deposit. */
  amount: z.number().nullable(),
});
export type ClaimableReward = z.infer<typeof claimableRewardSchema>;

export const rewardCenterCall = defineCall({
  ...routes.rewardCenter,
  summary:
    'rewardCenter: what the member can claim now, the bonuses running (wagering progress) and those claimed (converted, expired or forfeited)',
  tags: ['bonus'],
  value: z.object({
    currency: z.string(),
    claimable: z.array(claimableRewardSchema),
    running: z.array(bonusViewSchema),
    claimed: z.array(bonusViewSchema),
    /** The bonus wallet: the sum of the running bonuses. */
    runningAmount: z.number(),
    /** Turnover still to wager before a withdrawal (all running bonuses). */
    remainingTurnover: z.number(),
  }),
});

export const forfeitBonusCall = defineCall({
  ...routes.forfeitBonus,
  summary:
    'The member gives up a running bonus: its amount leaves the bonus wallet and its wagering requirement ends (withdrawals open again)',
  tags: ['bonus'],
  body: z.object({ bonusId: z.string().regex(/^\d{1,19}$/) }),
  value: bonusViewSchema,
});
