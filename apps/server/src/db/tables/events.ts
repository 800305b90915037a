import type { ColumnType, Generated } from 'kysely';
import type { BigIntColumn, CreatedAt, IdColumn, NullableBigIntColumn } from './column-types.js';

/** xid8 columns travel as decimal strings. */
type XactIdColumn = ColumnType<string, string | undefined, string>;
type CountColumn = ColumnType<bigint, bigint | string | undefined, bigint | string>;

/** The event stream (module `events`, migration 20261126050000). */
export interface EventsTable {
  id: IdColumn;
  type: string;
  merchant_code: string;
  member_id: NullableBigIntColumn;
  payload: ColumnType<unknown, string, never>;
  occurred_at: CreatedAt;
  xact_id: XactIdColumn;
}

export interface EventConsumersTable {
  name: string;
  last_xact_id: XactIdColumn;
  last_event_id: CountColumn;
  applied_count: CountColumn;
  updated_at: Generated<Date>;
}

/** Play rollups (module `play-rollups`, migrations 20261126050100 and 20261126070000). */
export interface PlayMemberDailyTable {
  member_id: BigIntColumn;
  /**
   * The UTC day the rounds STARTED; node-postgres answers a date column as a Date, so reads
   * format it in SQL.
   */
  day: ColumnType<Date, string, string>;
  /** The UTC hour (0-23) of that day in which the rounds started. */
  hour: number;
  game_category: string;
  currency: string;
  merchant_code: string;
  rounds: CountColumn;
  stake_minor: CountColumn;
  valid_bet_minor: CountColumn;
  win_minor: CountColumn;
}

export interface PlayAgentDailyTable extends Omit<PlayMemberDailyTable, 'member_id'> {
  agent_member_id: BigIntColumn;
}
