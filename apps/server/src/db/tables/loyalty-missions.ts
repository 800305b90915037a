import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  CreatedAt,
  IdColumn,
  NullableBigIntColumn,
  UpdatedAt,
} from './column-types.js';

/** int8 columns with a default: optional on insert. */
type DefaultBigInt = ColumnType<bigint, bigint | string | undefined, bigint | string>;

/** Missions and their progress (module `missions`, migration 20261126140000). */
export interface MissionsTable {
  id: IdColumn;
  merchant_code: string;
  period: 'daily' | 'weekly' | 'once';
  goal_kind: 'bet-count' | 'wager' | 'deposit' | 'login-streak' | 'win-multiplier';
  game_category: string | null;
  target: BigIntColumn;
  reward_kind: 'cash' | 'points' | 'bonus';
  reward_amount: BigIntColumn;
  titles: ColumnType<Record<string, string>, string | undefined, string>;
  status: Generated<'active' | 'paused'>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MissionProgressTable {
  mission_id: BigIntColumn;
  member_id: BigIntColumn;
  period_key: string;
  merchant_code: string;
  progress: DefaultBigInt;
  last_login_day: ColumnType<Date | null, string | null | undefined, string | null>;
  completed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  claimed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  reward_transfer_id: string | null;
  updated_at: UpdatedAt;
}

/** Member referrals (module `referrals`, migration 20261126140000). */
export interface ReferralCodesTable {
  member_id: BigIntColumn;
  merchant_code: string;
  code: string;
  created_at: CreatedAt;
}

export interface ReferralRulesTable {
  merchant_code: string;
  enabled: boolean;
  qualify_by: 'deposit' | 'turnover';
  threshold_minor: BigIntColumn;
  reward_kind: 'cash' | 'points' | 'bonus';
  reward_amount: BigIntColumn;
  max_rewarded_friends: number;
  updated_at: UpdatedAt;
}

export interface ReferralsTable {
  friend_member_id: BigIntColumn;
  merchant_code: string;
  inviter_member_id: BigIntColumn;
  code: string;
  friend_register_ip: string | null;
  friend_device_id: ColumnType<string | null, string | null | undefined, string | null>;
  status: 'pending' | 'qualified' | 'refused';
  refusal_reason: string | null;
  deposit_minor: DefaultBigInt;
  turnover_minor: DefaultBigInt;
  reward_kind: string | null;
  reward_amount: NullableBigIntColumn;
  reward_transfer_id: string | null;
  rewarded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}
