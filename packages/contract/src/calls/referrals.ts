import { z } from 'zod';
import { defineCall } from '../call.js';
import { pageQueryParams, pageTotalsShape } from '../paging.js';
import { routes } from '../routes.js';
import { loyaltyRewardKinds } from './missions.js';

/** What makes an invited friend qualify: their credited deposits, or their valid bets. */
export const referralQualifyKinds = ['deposit', 'turnover'] as const;
export type ReferralQualifyKind = (typeof referralQualifyKinds)[number];
export const referralStatuses = ['pending', 'qualified', 'refused'] as const;
export const REFERRAL_FRIENDS_PAGE_SIZE = 10;
export const REFERRAL_FRIENDS_PAGE_SIZE_MAX = 50;
export const REFERRAL_FRIENDS_PAGE_NO_MAX = 1_000;

export const referralRuleSchema = z.object({
  qualifyBy: z.enum(referralQualifyKinds),
  /** The friend's deposits or valid bets needed, an amount with two decimals. */
  threshold: z.number(),
  rewardKind: z.enum(loyaltyRewardKinds),
  /** Paid to the inviter once per qualifying friend: an amount, or whole points. */
  rewardAmount: z.number(),
  /** Friends of one inviter that can earn a reward, in all. */
  maxRewardedFriends: z.number().int(),
});
export type ReferralRule = z.infer<typeof referralRuleSchema>;

export const myReferralCall = defineCall({
  ...routes.myReferral,
  summary: "The member's referral code, invitation link (with a QR code), the rule and totals",
  tags: ['referrals'],
  value: z.object({
    referralCode: z.string(),
    referralLink: z.string(),
    /** A PNG data URL of the link. */
    qrCodeDataUrl: z.string(),
    /** Null while the merchant has no active rule: friends are listed, nothing is paid. */
    rule: referralRuleSchema.nullable(),
    invitedCount: z.number().int(),
    qualifiedCount: z.number().int(),
    /** Cash rewards earned so far, an amount. */
    rewardTotal: z.number(),
  }),
});

export const referralFriendsCall = defineCall({
  ...routes.referralFriends,
  summary: 'Friends the member invited, newest first, names masked, with status and reward',
  tags: ['referrals'],
  query: z.object({
    ...pageQueryParams({
      defaultPageSize: REFERRAL_FRIENDS_PAGE_SIZE,
      maxPageSize: REFERRAL_FRIENDS_PAGE_SIZE_MAX,
      maxPageNo: REFERRAL_FRIENDS_PAGE_NO_MAX,
    }),
  }),
  value: z.object({
    list: z.array(
      z.object({
        name: z.string(),
        registeredAtMs: z.number().int(),
        status: z.enum(referralStatuses),
        /** The friend's deposits or valid bets so far (what the rule counts), an amount. */
        progress: z.number(),
        rewardAmount: z.number().nullable(),
        rewardKind: z.enum(loyaltyRewardKinds).nullable(),
      }),
    ),
    ...pageTotalsShape,
  }),
});
