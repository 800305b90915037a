import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  NullableBigIntColumn,
} from './column-types.js';

export type LotteryAreaColumn = 'VN' | 'SEA' | 'ELOTT';
export type LotteryPrizeModeColumn = 'Lott' | 'ZY' | 'Elott' | 'SEA';
export type LotteryFormatColumn = 'VN_NORTH' | 'VN_SOUTH' | 'THAI' | 'DIGIT5' | 'DICE3';
export type LotteryDrawStatusColumn =
  | 'scheduled'
  | 'open'
  | 'closed'
  | 'entered'
  | 'drawn'
  | 'settled'
  | 'void';
export type LotteryBetStatusColumn = 'open' | 'won' | 'lost' | 'cancelled' | 'void';

/** When a game draws: every N seconds (house fast draws) or daily at a local time. */
export type LotterySchedule =
  | { kind: 'interval'; intervalSeconds: number }
  | { kind: 'daily'; time: string; timeZone: string; daysOfMonth?: number[] };

type JsonColumn<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type NullableDate = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface LotteryGamesTable {
  id: IdColumn;
  merchant_code: string;
  game_code: string;
  area: LotteryAreaColumn;
  prize_mode: LotteryPrizeModeColumn;
  format: LotteryFormatColumn;
  vassalage: string;
  names: JsonColumn<Record<string, string>>;
  source: 'house' | 'real';
  schedule: JsonColumn<LotterySchedule>;
  close_offset_seconds: number;
  cancel_allowed: Generated<boolean>;
  min_stake_minor: BigIntColumn;
  max_stake_minor: BigIntColumn;
  max_liability_minor: BigIntColumn;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export interface LotteryDrawsTable {
  id: IdColumn;
  game_id: BigIntColumn;
  merchant_code: string;
  draw_no: string;
  status: Generated<LotteryDrawStatusColumn>;
  opens_at: ColumnType<Date, Date | string, Date | string>;
  closes_at: ColumnType<Date, Date | string, Date | string>;
  draw_at: ColumnType<Date, Date | string, Date | string>;
  seed: string | null;
  seed_hash: string | null;
  draw_key: string | null;
  result: NullableJson<Record<string, string[]>>;
  entered_result: NullableJson<Record<string, string[]>>;
  entered_by: NullableBigIntColumn;
  confirmed_by: NullableBigIntColumn;
  void_reason: string | null;
  drawn_at: NullableDate;
  settled_at: NullableDate;
  created_at: CreatedAt;
  /** The game's limits when the draw was created; null on older draws (the game's then apply). */
  min_stake_minor: ColumnType<
    bigint | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  max_stake_minor: ColumnType<
    bigint | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
  max_liability_minor: ColumnType<
    bigint | null,
    bigint | string | null | undefined,
    bigint | string | null
  >;
}

export interface LotterySlipsTable {
  id: string;
  merchant_code: string;
  member_id: BigIntColumn;
  draw_id: BigIntColumn;
  fingerprint: string;
  total_minor: BigIntColumn;
  created_at: CreatedAt;
  round_per_slip: Generated<boolean>;
  settled_at: NullableDate;
}

export interface LotteryBetsTable {
  id: IdColumn;
  slip_id: string;
  merchant_code: string;
  member_id: BigIntColumn;
  game_id: BigIntColumn;
  draw_id: BigIntColumn;
  currency: string;
  bet_type: string;
  numbers: string[];
  position: number | null;
  amount_per_point_minor: BigIntColumn;
  points: number;
  stake_minor: BigIntColumn;
  odds: ColumnType<string, string | number, string | number>;
  status: Generated<LotteryBetStatusColumn>;
  hits: number | null;
  payout_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  placed_at: CreatedAt;
  settled_at: NullableDate;
}

export interface LotteryLiabilityTable {
  merchant_code: ChildMerchantCode;
  draw_id: BigIntColumn;
  key: string;
  liability_minor: BigIntColumn;
}
