import type { ColumnType, Generated } from 'kysely';
import type {
  BalanceColumn,
  ChildMerchantCode,
  IdColumn,
  NullableBigIntColumn,
} from './column-types.js';

type MinorColumn = BalanceColumn;
type BigIntKey = ColumnType<bigint, bigint | string, bigint | string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

/** Agent contracts (module `agent-contracts`, migration 20261126130000). */
export interface AgentContractsTable {
  id: IdColumn;
  merchant_code: string;
  kind: string;
  upline_member_id: NullableBigIntColumn;
  member_id: BigIntKey;
  period: string;
  terms: ColumnType<unknown, string, string>;
  status: string;
  termination_requested_by: NullableBigIntColumn;
  offered_at: Stamp;
  decided_at: NullableStamp;
  terminated_at: NullableStamp;
}

export interface AgentContractHistoryTable {
  merchant_code: ChildMerchantCode;
  id: IdColumn;
  contract_id: BigIntKey;
  action: string;
  actor_member_id: NullableBigIntColumn;
  note: string | null;
  created_at: Stamp;
  /** An operator's override: who, the terms before and after, and from which period. */
  operator_account: string | null;
  terms_before: ColumnType<unknown, string | null | undefined, string | null>;
  terms_after: ColumnType<unknown, string | null | undefined, string | null>;
  effective_from: NullableStamp;
}

/** Contract templates per merchant (migration 20261126210000). */
export interface AgentContractTemplatesTable {
  id: IdColumn;
  merchant_code: string;
  kind: string;
  name: string;
  terms: ColumnType<unknown, string, string>;
  active: Generated<boolean>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface AgentContractSettlementsTable {
  id: IdColumn;
  contract_id: BigIntKey;
  merchant_code: string;
  member_id: BigIntKey;
  upline_member_id: NullableBigIntColumn;
  kind: string;
  period_start: Stamp;
  period_end: Stamp;
  status: string;
  attempt: Generated<number>;
  bet_minor: MinorColumn;
  valid_bet_minor: MinorColumn;
  profit_loss_minor: MinorColumn;
  active_members: Generated<number>;
  rate_bps: Generated<number>;
  carry_in_minor: MinorColumn;
  carry_out_minor: MinorColumn;
  amount_minor: MinorColumn;
  transfer_id: string | null;
  reason: string | null;
  settled_at: Stamp;
}

export interface AgentTeamFiguresTable {
  agent_member_id: BigIntKey;
  bucket_start: Stamp;
  currency: string;
  merchant_code: string;
  rounds: MinorColumn;
  bet_minor: MinorColumn;
  valid_bet_minor: MinorColumn;
  win_minor: MinorColumn;
  won_valid_bet_minor: MinorColumn;
  lost_valid_bet_minor: MinorColumn;
}

export interface AgentTeamActiveTable {
  merchant_code: ChildMerchantCode;
  agent_member_id: BigIntKey;
  hour: Stamp;
  member_id: BigIntKey;
}

/** Commission's figures: a team's valid bet per UTC day and game category (20261127004100). */
export interface AgentTeamCategoryFiguresTable {
  agent_member_id: BigIntKey;
  day_start: Stamp;
  currency: string;
  game_category: string;
  merchant_code: string;
  valid_bet_minor: MinorColumn;
}
