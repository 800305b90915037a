import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './column-types.js';

/** Rooms of the player-versus-player games (migration 20261122161000-games-catalogue). */
export interface PvpRoomsTable {
  merchant_code: string;
  room_id: string;
  node_id: ColumnType<bigint, bigint | string, bigint | string>;
  /** Room name per language code. */
  names: ColumnType<Record<string, string>, string, string>;
  min_bet_minor: ColumnType<bigint, bigint | string, bigint | string>;
  max_bet_minor: ColumnType<bigint, bigint | string, bigint | string>;
  seats: number;
  players: Generated<number>;
  closed: Generated<boolean>;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

/** Game icons uploaded by operators, re-encoded; served at `/games/icons/<id>`. */
export interface GameIconsTable {
  id: string;
  merchant_code: string;
  kind: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  bytes: Buffer;
  created_by: ColumnType<bigint | null, bigint | string | null | undefined, bigint | string | null>;
  created_at: CreatedAt;
}
