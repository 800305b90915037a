import type { ColumnType } from 'kysely';
import type { CreatedAt, NullableBigIntColumn, UpdatedAt } from './column-types.js';

/** The sandbox game provider's own records (it is an outside provider served by this project). */

export interface SandboxProviderSessionsTable {
  token_hash: string;
  platform_session_id: string;
  game_code: string;
  node_id: NullableBigIntColumn;
  room_id: string | null;
  currency: string;
  language: string;
  hilo_card: number | null;
  created_at: CreatedAt;
  last_used_at: UpdatedAt;
}

export type SandboxProviderRoundStatus =
  | 'bet_pending'
  | 'refused'
  | 'win_pending'
  | 'settled'
  | 'rollback_pending'
  | 'rolled_back';

export interface SandboxProviderRoundsTable {
  round_id: string;
  token_hash: string;
  platform_session_id: string;
  game_code: string;
  stake_minor: ColumnType<bigint, bigint | string, bigint | string>;
  win_minor: NullableBigIntColumn;
  status: SandboxProviderRoundStatus;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  balance_minor: NullableBigIntColumn;
  error_code: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The sandbox provider's configuration: the secret it signs its calls with. */
export interface SandboxProviderSettingsTable {
  vassalage: string;
  api_secret: string;
  created_at: CreatedAt;
}
