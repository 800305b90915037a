import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  UpdatedAt,
} from './column-types.js';

/** The built-in games' seed pairs, game sessions and rounds (migration 20261122170000). */

export type BuiltinSeedPairState = 'next' | 'active' | 'retired';

export interface BuiltinSeedPairsTable {
  merchant_code: ChildMerchantCode;
  id: IdColumn;
  member_id: BigIntColumn;
  state: BuiltinSeedPairState;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string | null;
  nonce: Generated<number>;
  created_at: CreatedAt;
  activated_at: Date | null;
  retired_at: Date | null;
}

export interface BuiltinGameSessionsTable {
  token_hash: string;
  wallet_session_id: string;
  merchant_code: string;
  member_id: BigIntColumn;
  node_id: BigIntColumn;
  game_code: string;
  currency: string;
  language: string;
  created_at: CreatedAt;
  last_used_at: UpdatedAt;
}

export type BuiltinRoundStatus = 'pending' | 'open' | 'paying' | 'settled' | 'cancelled';

type JsonColumn = ColumnType<unknown, string, string>;
type NullableJsonColumn = ColumnType<unknown, string | null | undefined, string | null>;
type MinorColumn = ColumnType<bigint, bigint | string, bigint | string>;

export interface BuiltinRoundsTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  game_code: string;
  session_token_hash: string;
  client_round_id: string;
  kind: 'instant' | 'stepped';
  status: BuiltinRoundStatus;
  params: JsonColumn;
  params_fingerprint: string;
  seed_pair_id: BigIntColumn;
  nonce: number;
  stake_minor: MinorColumn;
  payout_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  payout_capped: Generated<boolean>;
  max_payout_minor: MinorColumn;
  outcome: JsonColumn;
  view: NullableJsonColumn;
  state: NullableJsonColumn;
  steps: Generated<number>;
  /** Migration 20261126040000: each step's action, as parsed. */
  step_actions: ColumnType<unknown, string | undefined, string>;
  error_code: string | null;
  resume_pending: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  settled_at: Date | null;
  /** Migration 20261126070000: 'ledger' (one transaction per round or step) or 'seamless' (older rounds). */
  paid_through: Generated<'seamless' | 'ledger'>;
}
