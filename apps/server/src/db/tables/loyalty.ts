import type { ColumnType, Generated } from 'kysely';
import type { BigIntColumn, CreatedAt, IdColumn, UpdatedAt } from './column-types.js';

/** Loyalty: points rules and the point mall (module `points`), club ranks (module `vip`). */

export interface PointRulesTable {
  merchant_code: string;
  game_category: string;
  unit_minor: BigIntColumn;
  points_per_unit: BigIntColumn;
  updated_at: UpdatedAt;
}

export interface PointSettingsTable {
  merchant_code: string;
  convert_enabled: Generated<boolean>;
  convert_points_step: BigIntColumn;
  convert_cash_minor: BigIntColumn;
  convert_min_points: BigIntColumn;
  updated_at: UpdatedAt;
}

export interface PointRewardsTable {
  id: IdColumn;
  merchant_code: string;
  reward_type: 'cash' | 'bonus' | 'free_spins' | 'goods';
  name: string;
  description: Generated<string>;
  image_url: string | null;
  points_cost: BigIntColumn;
  amount_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  stock: number | null;
  needs_approval: boolean;
  max_per_redemption: Generated<number>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  wagering_multiple: Generated<number>;
  free_spins_game_code: string | null;
  free_spins_count: number | null;
  free_spins_bet_per_line_minor: ColumnType<
    bigint | null,
    bigint | string | null,
    bigint | string | null
  >;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PointRedemptionsTable {
  id: IdColumn;
  reference_no: string;
  merchant_code: string;
  member_id: BigIntColumn;
  reward_id: BigIntColumn;
  reward_type: string;
  reward_name: string;
  quantity: number;
  points_total: BigIntColumn;
  amount_minor: BigIntColumn;
  currency: string;
  status: 'in_process' | 'approved' | 'rejected';
  hold_transfer_id: string;
  idempotency_key: string;
  decided_by: ColumnType<bigint | null, bigint | string | null | undefined, bigint | string | null>;
  decided_by_username: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  created_at: CreatedAt;
}

export interface VipRanksTable {
  id: IdColumn;
  merchant_code: string;
  rank_level: number;
  name: string;
  color: string;
  color2: string;
  min_turnover_minor: BigIntColumn;
  min_deposit_minor: BigIntColumn;
  updated_at: UpdatedAt;
}

export interface VipSettingsTable {
  merchant_code: string;
  window_days: number;
  updated_at: UpdatedAt;
}

export interface VipMemberDailyTable {
  member_id: BigIntColumn;
  day: ColumnType<Date, string, string>;
  merchant_code: string;
  turnover_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  deposit_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
}

export interface VipMemberRanksTable {
  member_id: BigIntColumn;
  merchant_code: string;
  rank_level: number;
  evaluated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
