import type { GameCategory } from '@app/contract';
import type { ColumnType, Generated } from 'kysely';
import type {
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
  NullableBigIntColumn,
  UpdatedAt,
} from './column-types.js';

/** Game providers, the catalogue, favourites, recent games and rounds. */

export interface GameProvidersTable {
  code: string;
  name: string;
  integration: 'builtin' | 'http';
  wallet_mode: 'seamless' | 'transfer';
  launch_url: string;
  api_secret: string | null;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface GameVendorsTable {
  merchant_code: string;
  vassalage: string;
  name: string;
  is_hot: Generated<boolean>;
  is_new: Generated<boolean>;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  wallet_code: string | null;
  created_at: CreatedAt;
}

export interface GamesTable {
  node_id: IdColumn;
  merchant_code: string;
  vassalage: string;
  game_code: string;
  game_type: GameCategory;
  game_classify: string | null;
  is_game: Generated<'GAME' | 'VASSALAGE'>;
  parent_node_id: NullableBigIntColumn;
  min_bet_minor: ColumnType<bigint, bigint | string | number | undefined, bigint | string | number>;
  min_line_num: Generated<number>;
  icon_url: string;
  rtp_bp: number | null;
  is_hot: Generated<boolean>;
  is_new: Generated<boolean>;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export interface GameTextsTable {
  merchant_code: ChildMerchantCode;
  node_id: BigIntColumn;
  language: string;
  name: string;
  rules_html: Generated<string>;
  /** Lower-cased, accents stripped (migration 20261122161000); '' when written elsewhere. */
  search_name: Generated<string>;
}

export interface MemberFavouriteGamesTable {
  merchant_code: ChildMerchantCode;
  member_id: BigIntColumn;
  node_id: BigIntColumn;
  created_at: CreatedAt;
}

export interface MemberRecentGamesTable {
  merchant_code: ChildMerchantCode;
  member_id: BigIntColumn;
  node_id: BigIntColumn;
  played_at: UpdatedAt;
  launches: Generated<number>;
}

/**
 * The winner board's read model (module `games`, fed by `round.settled` events): winning
 * rounds of real members within the board's window, with the account name as it was then.
 */
export interface GameBigWinsTable {
  id: IdColumn;
  merchant_code: string;
  vassalage: string;
  round_ref: string;
  node_id: BigIntColumn;
  member_id: BigIntColumn;
  username: string;
  win_minor: BigIntColumn;
  net_stake_minor: BigIntColumn;
  settled_at: Date;
}

export type GameRoundStatus = 'open' | 'settled' | 'cancelled';

export interface GameRoundsTable {
  id: IdColumn;
  merchant_code: string;
  member_id: BigIntColumn;
  vassalage: string;
  node_id: NullableBigIntColumn;
  game_type: GameCategory;
  round_ref: string;
  currency: string;
  status: Generated<GameRoundStatus>;
  stake_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  win_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  refunded_minor: ColumnType<bigint, bigint | string | undefined, bigint | string>;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  started_at: CreatedAt;
  settled_at: Date | null;
  updated_at: UpdatedAt;
}

/** The round's idempotency index (issue 23): unique per provider, pointing at the round's partition. */
export interface GameRoundRefsTable {
  merchant_code: string;
  vassalage: string;
  round_ref: string;
  round_id: bigint;
  started_at: Date;
}
