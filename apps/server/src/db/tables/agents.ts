import type { ColumnType } from 'kysely';
import type { BigIntColumn, ChildMerchantCode } from './column-types.js';

type CountColumn = ColumnType<bigint, bigint | string | undefined, bigint | string>;
/** A date column: node-postgres answers a Date, so reads format it in SQL. */
type DayColumn = ColumnType<Date, string, string>;

/** The agent centre's team rollups (module `agent`, migration 20261126121000). */
export interface AgentTeamPlayHourlyTable {
  ancestor_id: BigIntColumn;
  day: DayColumn;
  hour: number;
  game_category: string;
  currency: string;
  merchant_code: string;
  rounds: CountColumn;
  stake_minor: CountColumn;
  valid_bet_minor: CountColumn;
  win_minor: CountColumn;
}

export interface AgentTeamMoneyDailyTable {
  merchant_code: ChildMerchantCode;
  ancestor_id: BigIntColumn;
  day: DayColumn;
  currency: string;
  deposit_minor: CountColumn;
  deposit_count: ColumnType<number, number | undefined, number>;
  withdrawal_minor: CountColumn;
  withdrawal_count: ColumnType<number, number | undefined, number>;
}

export interface AgentMemberMoneyDailyTable extends Omit<AgentTeamMoneyDailyTable, 'ancestor_id'> {
  member_id: BigIntColumn;
}

export interface AgentTeamActiveDailyTable {
  merchant_code: ChildMerchantCode;
  ancestor_id: BigIntColumn;
  day: DayColumn;
  member_id: BigIntColumn;
}

export interface AgentTeamTransactionsTable {
  merchant_code: ChildMerchantCode;
  ancestor_id: BigIntColumn;
  event_id: BigIntColumn;
  member_id: BigIntColumn;
  kind: 'deposit' | 'withdrawal' | 'transfer';
  amount_minor: BigIntColumn;
  currency: string;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
}
