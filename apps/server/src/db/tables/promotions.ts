import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  Json,
  UpdatedAt,
} from './column-types.js';

/** Promotions, participations, applications and raffle winners (module `promotions`). */

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface PromotionsTable {
  id: IdColumn;
  merchant_code: string;
  category: string;
  take_mode: string;
  state: Generated<string>;
  texts: Json<unknown>;
  banner_url: Generated<string>;
  group_name: Generated<string>;
  starts_at: Date;
  ends_at: Date;
  sort_order: Generated<number>;
  qualifier: Json<unknown>;
  reward: Json<unknown>;
  wagering: Json<unknown>;
  raffle_seed: NullableText;
  raffle_seed_hash: NullableText;
  raffle_draw_at: NullableTime;
  raffle_drawn_at: NullableTime;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PromotionParticipationsTable {
  id: IdColumn;
  promotion_id: BigIntColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  period: Generated<string>;
  status: string;
  reward_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  deposit_id: NullableText;
  bonus_id: NullableText;
  transfer_id: NullableText;
  raffle_tickets: Generated<number>;
  raffle_carry_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  reject_reason: NullableText;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PromotionApplicationsTable {
  id: IdColumn;
  promotion_id: BigIntColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  comment: string;
  status: Generated<string>;
  reject_reason: NullableText;
  decided_by: ColumnType<bigint | null, bigint | string | null | undefined, bigint | string | null>;
  decided_at: NullableTime;
  created_at: CreatedAt;
}

export interface PromotionApplicationImagesTable {
  merchant_code: ChildMerchantCode;
  id: string;
  application_id: BigIntColumn;
  position: number;
  kind: string;
  width: number;
  height: number;
  bytes: Buffer;
  created_at: CreatedAt;
}

export interface PromotionMemberDepositsTable {
  merchant_code: string;
  member_id: BigIntColumn;
  deposits: number;
}

export interface PromotionRaffleWinnersTable {
  merchant_code: ChildMerchantCode;
  promotion_id: BigIntColumn;
  rank: number;
  member_id: BigIntColumn;
  ticket_no: number;
  prize_minor: BigIntColumn;
  claimed_at: NullableTime;
  transfer_id: NullableText;
}
