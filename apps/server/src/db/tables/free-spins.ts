import type { Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  NullableBigIntColumn,
} from './column-types.js';

/** Free spins (module `free-spins`): grants on a built-in slot and the spins played. */

export interface FreeSpinGrantsTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  currency: string;
  game_code: string;
  bet_per_line_minor: BigIntColumn;
  spins_total: number;
  spins_used: Generated<number>;
  won_minor: Generated<bigint>;
  wagering_multiple: number;
  expires_at: Date;
  source_kind: 'points' | 'promotion' | 'operator';
  source_ref: string;
  idempotency_key: string;
  created_at: CreatedAt;
}

export interface FreeSpinPlaysTable {
  merchant_code: ChildMerchantCode;
  grant_id: BigIntColumn;
  spin_no: number;
  client_round_id: string;
  round_id: BigIntColumn;
  stake_minor: BigIntColumn;
  payout_minor: BigIntColumn;
  bonus_id: NullableBigIntColumn;
  created_at: CreatedAt;
}
