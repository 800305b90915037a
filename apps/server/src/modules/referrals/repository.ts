import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAll, countWhere } from '../../db/sql-numbers.js';
import type { ReferralRulesTable, ReferralsTable } from '../../db/tables/loyalty-missions.js';

/** A merchant's referral reward rule. */
export interface ReferralRuleRow {
  merchantCode: string;
  enabled: boolean;
  qualifyBy: ReferralRulesTable['qualify_by'];
  thresholdMinor: bigint;
  rewardKind: ReferralRulesTable['reward_kind'];
  rewardAmount: bigint;
  maxRewardedFriends: number;
  updatedAt: Date;
}

/** One invited friend. */
export interface ReferralRow {
  friendMemberId: bigint;
  merchantCode: string;
  inviterMemberId: bigint;
  status: ReferralsTable['status'];
  refusalReason: string | null;
  depositMinor: bigint;
  turnoverMinor: bigint;
  rewardKind: string | null;
  rewardAmount: bigint | null;
  createdAt: Date;
}

export interface NewReferral {
  friendMemberId: bigint;
  merchantCode: string;
  inviterMemberId: bigint;
  code: string;
  friendRegisterIp: string | null;
  /** The friend's registration device cookie, when there was one. */
  friendDeviceId?: string | null;
  status: 'pending' | 'refused';
  refusalReason: string | null;
}

const referralColumns = [
  'friend_member_id',
  'merchant_code',
  'inviter_member_id',
  'status',
  'refusal_reason',
  'deposit_minor',
  'turnover_minor',
  'reward_kind',
  'reward_amount',
  'created_at',
] as const;

function toReferral(row: {
  friend_member_id: bigint;
  merchant_code: string;
  inviter_member_id: bigint;
  status: ReferralRow['status'];
  refusal_reason: string | null;
  deposit_minor: bigint;
  turnover_minor: bigint;
  reward_kind: string | null;
  reward_amount: bigint | null;
  created_at: Date;
}): ReferralRow {
  return {
    friendMemberId: row.friend_member_id,
    merchantCode: row.merchant_code,
    inviterMemberId: row.inviter_member_id,
    status: row.status,
    refusalReason: row.refusal_reason,
    depositMinor: row.deposit_minor,
    turnoverMinor: row.turnover_minor,
    rewardKind: row.reward_kind,
    rewardAmount: row.reward_amount,
    createdAt: row.created_at,
  };
}

/** Only this file names `referral_codes`, `referral_rules` and `referrals`. */
export function createReferralsRepository(db: Db) {
  return {
    async codeOf(memberId: bigint): Promise<string | undefined> {
      const row = await db
        .selectFrom('referral_codes')
        .select('code')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.code;
    },

    /** Stores a member's code; false when the code is taken (the member's own row wins races). */
    async insertCode(merchantCode: string, memberId: bigint, code: string): Promise<boolean> {
      const result = await sql`
        INSERT INTO referral_codes (member_id, merchant_code, code)
        VALUES (${memberId.toString()}::bigint, ${merchantCode}, ${code})
        ON CONFLICT DO NOTHING
      `.execute(db);
      return (result.numAffectedRows ?? 0n) > 0n;
    },

    /** The owners of these codes in a merchant, by code (upper case). */
    async ownersOf(merchantCode: string, codes: readonly string[]): Promise<Map<string, bigint>> {
      if (codes.length === 0) return new Map();
      const rows = await db
        .selectFrom('referral_codes')
        .select(['code', 'member_id'])
        .where('merchant_code', '=', merchantCode)
        .where('code', 'in', [...codes])
        .execute();
      return new Map(rows.map((row) => [row.code, row.member_id]));
    },

    async rule(merchantCode: string): Promise<ReferralRuleRow | undefined> {
      const row = await db
        .selectFrom('referral_rules')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row
        ? {
            merchantCode: row.merchant_code,
            enabled: row.enabled,
            qualifyBy: row.qualify_by,
            thresholdMinor: row.threshold_minor,
            rewardKind: row.reward_kind,
            rewardAmount: row.reward_amount,
            maxRewardedFriends: row.max_rewarded_friends,
            updatedAt: row.updated_at,
          }
        : undefined;
    },

    async saveRule(rule: Omit<ReferralRuleRow, 'updatedAt'>): Promise<void> {
      const values = {
        merchant_code: rule.merchantCode,
        enabled: rule.enabled,
        qualify_by: rule.qualifyBy,
        threshold_minor: rule.thresholdMinor,
        reward_kind: rule.rewardKind,
        reward_amount: rule.rewardAmount,
        max_rewarded_friends: rule.maxRewardedFriends,
        updated_at: new Date(),
      };
      await db
        .insertInto('referral_rules')
        .values(values)
        .onConflict((conflict) => conflict.column('merchant_code').doUpdateSet(values))
        .execute();
    },

    /** Friends of these inviters per registration address (the farm limit). */
    async friendsByAddress(inviterIds: readonly bigint[]): Promise<Map<string, number>> {
      if (inviterIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('referrals')
        .select(['inviter_member_id', 'friend_register_ip', countAll().as('count')])
        .where('inviter_member_id', 'in', [...inviterIds])
        .where('friend_register_ip', 'is not', null)
        .where('status', '<>', 'refused')
        .groupBy(['inviter_member_id', 'friend_register_ip'])
        .execute();
      return new Map(
        rows.map((row) => [`${row.inviter_member_id}|${row.friend_register_ip}`, row.count]),
      );
    },

    /** Friends of these inviters per registration device (the farm limit by device). */
    async friendsByDevice(inviterIds: readonly bigint[]): Promise<Map<string, number>> {
      if (inviterIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('referrals')
        .select(['inviter_member_id', 'friend_device_id', countAll().as('count')])
        .where('inviter_member_id', 'in', [...inviterIds])
        .where('friend_device_id', 'is not', null)
        .where('status', '<>', 'refused')
        .groupBy(['inviter_member_id', 'friend_device_id'])
        .execute();
      return new Map(
        rows.map((row) => [`${row.inviter_member_id}|${row.friend_device_id}`, Number(row.count)]),
      );
    },

    async insertReferrals(rows: readonly NewReferral[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('referrals')
        .values(
          rows.map((row) => ({
            friend_member_id: row.friendMemberId,
            merchant_code: row.merchantCode,
            inviter_member_id: row.inviterMemberId,
            code: row.code,
            friend_register_ip: row.friendRegisterIp,
            friend_device_id: row.friendDeviceId ?? null,
            status: row.status,
            refusal_reason: row.refusalReason,
          })),
        )
        .onConflict((conflict) => conflict.column('friend_member_id').doNothing())
        .execute();
    },

    /** Pending friends among these members, locked until the batch commits. */
    async lockPending(friendIds: readonly bigint[]): Promise<ReferralRow[]> {
      if (friendIds.length === 0) return [];
      const rows = await db
        .selectFrom('referrals')
        .select(referralColumns)
        .where('friend_member_id', 'in', [...friendIds])
        .where('status', '=', 'pending')
        .forUpdate()
        .execute();
      return rows.map(toReferral);
    },

    /** Friends of each inviter already rewarded (the rule's cap). */
    async rewardedCounts(inviterIds: readonly bigint[]): Promise<Map<bigint, number>> {
      if (inviterIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('referrals')
        .select(['inviter_member_id', countAll().as('count')])
        .where('inviter_member_id', 'in', [...inviterIds])
        .where('reward_transfer_id', 'is not', null)
        .groupBy('inviter_member_id')
        .execute();
      return new Map(rows.map((row) => [row.inviter_member_id, row.count]));
    },

    async saveProgress(
      row: ReferralRow,
      reward: { kind: string; amount: bigint; transferId: string } | null,
    ): Promise<void> {
      await db
        .updateTable('referrals')
        .set({
          status: row.status,
          deposit_minor: row.depositMinor,
          turnover_minor: row.turnoverMinor,
          ...(reward
            ? {
                reward_kind: reward.kind,
                reward_amount: reward.amount,
                reward_transfer_id: reward.transferId,
                rewarded_at: new Date(),
              }
            : {}),
        })
        .where('friend_member_id', '=', row.friendMemberId)
        .execute();
    },

    async totals(inviterId: bigint) {
      const row = await db
        .selectFrom('referrals')
        .select([
          countAll().as('invited'),
          countWhere(sql`status = 'qualified'`).as('qualified'),
          sql<bigint>`coalesce(sum(reward_amount) FILTER (WHERE reward_kind = 'cash'), 0)::bigint`.as(
            'cash_minor',
          ),
        ])
        .where('inviter_member_id', '=', inviterId)
        .executeTakeFirstOrThrow();
      return { invited: row.invited, qualified: row.qualified, cashMinor: row.cash_minor };
    },

    async friendsPage(inviterId: bigint, limit: number, offset: number) {
      const rows = await db
        .selectFrom('referrals')
        .select(referralColumns)
        .where('inviter_member_id', '=', inviterId)
        .orderBy('created_at', 'desc')
        .orderBy('friend_member_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toReferral);
    },
  };
}
