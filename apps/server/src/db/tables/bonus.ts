import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  CreatedAt,
  IdColumn,
  Json,
  NullableBigIntColumn,
  UpdatedAt,
} from './column-types.js';

/** The bonus engine (module `bonus`, migration 20261126140000). */
export interface BonusesTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  currency: string;
  amount_minor: BigIntColumn;
  requirement_minor: BigIntColumn;
  progress_minor: ColumnType<
    bigint,
    bigint | string | number | undefined,
    bigint | string | number
  >;
  max_bet_minor: NullableBigIntColumn;
  /** Percent by game category, e.g. {"RNG": 100, "INHOUSE": 10}. */
  category_weights: Json<Record<string, number>>;
  source_kind: 'promotion' | 'mission' | 'points' | 'operator';
  source_ref: string;
  idempotency_key: string;
  status: Generated<'wagering' | 'converted' | 'expired' | 'forfeited'>;
  granted_at: CreatedAt;
  expires_at: Date;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface BonusSettingsTable {
  merchant_code: string;
  category_weights: Json<Record<string, number>>;
  updated_at: UpdatedAt;
}
