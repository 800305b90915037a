import { ESPORTS_VENDORS, type GameCategory, type GameEntryKind } from '@app/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/types.js';
import { containsPattern, foldSearchText } from '../catalogue-rules.js';

/** The catalogue's shared reads: the listed games of a merchant, their filters and columns. */

/** A game row as the catalogue reads it; `gameName` already picked for the language. */
export interface StoredGame {
  nodeId: number;
  vassalage: string;
  gameType: GameCategory;
  gameName: string;
  gameClassify: string | null;
  minBetMinor: bigint;
  minLineNum: number;
  gameCode: string;
  isGame: GameEntryKind;
  parentNodeId: number | null;
  iconUrl: string;
  isHot: boolean;
  isNew: boolean;
  rtpBp: number | null;
}

/** The language of names: the requested one, then the merchant's default game language. */
export interface NameLanguages {
  language: string;
  defaultLanguage: string;
}

export interface GameFilters {
  category?: GameCategory | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  /** Part of a name in any language. */
  search?: string | undefined;
  maxMinBetMinor?: bigint | undefined;
  maxLineNum?: number | undefined;
  parentNodeId?: number | undefined;
}

export interface Page {
  offset: number;
  limit: number;
}

export interface VendorCategoryRow {
  vassalage: string;
  name: string;
  isHot: boolean;
  isNew: boolean;
  gameType: GameCategory;
  gameCount: number;
  anyNewGame: boolean;
}

export interface StoredRankEntry {
  account: string;
  game: StoredGame;
  winMinor: bigint;
  netStakeMinor: bigint;
  wonAt: Date;
}

export interface StoredPvpRoom {
  roomId: string;
  nodeId: number;
  vassalage: string;
  names: Record<string, string>;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  seats: number;
  players: number;
  closed: boolean;
}

/** The days the popular list and the winner board look back. */
export const CATALOGUE_LOOKBACK_DAYS = 7;

export type GamesQuery = SelectQueryBuilder<
  Database & { g: Database['games']; v: Database['game_vendors']; p: Database['game_providers'] },
  'g' | 'v' | 'p',
  object
>;
type GamesEb = ExpressionBuilder<Database & { g: Database['games'] }, 'g'>;

/** The merchant's listed games: the game, its vendor and its provider all enabled. */
export function listedGames(db: Db, merchantCode: string): GamesQuery {
  return db
    .selectFrom('games as g')
    .innerJoin('game_vendors as v', (join) =>
      join
        .onRef('v.merchant_code', '=', 'g.merchant_code')
        .onRef('v.vassalage', '=', 'g.vassalage'),
    )
    .innerJoin('game_providers as p', 'p.code', 'g.vassalage')
    .where('g.merchant_code', '=', merchantCode)
    .where('g.enabled', '=', true)
    .where('v.enabled', '=', true)
    .where('p.enabled', '=', true) as unknown as GamesQuery;
}

/** Sports games of the esports vendors count as ESPORTS only (SPEC §3). */
function inCategory(eb: GamesEb, category: GameCategory) {
  if (category === 'ESPORTS') {
    return eb.or([
      eb('g.game_type', '=', 'ESPORTS'),
      eb.and([eb('g.game_type', '=', 'SPORTS'), eb('g.vassalage', 'in', [...ESPORTS_VENDORS])]),
    ]);
  }
  if (category === 'SPORTS') {
    return eb.and([
      eb('g.game_type', '=', 'SPORTS'),
      eb('g.vassalage', 'not in', [...ESPORTS_VENDORS]),
    ]);
  }
  return eb('g.game_type', '=', category);
}

export function gameColumns(names: NameLanguages) {
  return [
    'g.node_id',
    'g.vassalage',
    'g.game_type',
    'g.game_classify',
    'g.min_bet_minor',
    'g.min_line_num',
    'g.game_code',
    'g.is_game',
    'g.parent_node_id',
    'g.icon_url',
    'g.is_hot',
    'g.is_new',
    'g.rtp_bp',
    // The requested language, else the default, else the first language (one index probe).
    sql<string>`coalesce((
      SELECT t.name FROM game_texts t WHERE t.node_id = g.node_id
      ORDER BY t.language = ${names.language} DESC, t.language = ${names.defaultLanguage} DESC, t.language
      LIMIT 1), g.game_code)`.as('game_name'),
  ] as const;
}

export interface GameRow {
  node_id: bigint;
  vassalage: string;
  game_type: GameCategory;
  game_classify: string | null;
  min_bet_minor: bigint;
  min_line_num: number;
  game_code: string;
  is_game: GameEntryKind;
  parent_node_id: bigint | null;
  icon_url: string;
  is_hot: boolean;
  is_new: boolean;
  rtp_bp: number | null;
  game_name: string;
}

export function toGame(row: GameRow): StoredGame {
  return {
    nodeId: Number(row.node_id),
    vassalage: row.vassalage,
    gameType: row.game_type,
    gameName: row.game_name,
    gameClassify: row.game_classify,
    minBetMinor: row.min_bet_minor,
    minLineNum: row.min_line_num,
    gameCode: row.game_code,
    isGame: row.is_game,
    parentNodeId: row.parent_node_id === null ? null : Number(row.parent_node_id),
    iconUrl: row.icon_url,
    isHot: row.is_hot,
    isNew: row.is_new,
    rtpBp: row.rtp_bp,
  };
}

export function applyFilters(
  query: GamesQuery,
  filters: GameFilters,
  db: Db,
  merchantCode: string,
) {
  let filtered = query;
  const { category, vassalage, gameClassify, search, maxMinBetMinor, maxLineNum, parentNodeId } =
    filters;
  if (category) filtered = filtered.where((eb) => inCategory(eb as unknown as GamesEb, category));
  if (vassalage) filtered = filtered.where('g.vassalage', '=', vassalage);
  if (gameClassify) filtered = filtered.where('g.game_classify', '=', gameClassify);
  if (maxMinBetMinor !== undefined)
    filtered = filtered.where('g.min_bet_minor', '<=', maxMinBetMinor);
  if (maxLineNum !== undefined) filtered = filtered.where('g.min_line_num', '<=', maxLineNum);
  if (parentNodeId !== undefined) {
    // Sub-games of an entry that is itself listed.
    filtered = filtered
      .where('g.parent_node_id', '=', BigInt(parentNodeId))
      .where((eb) =>
        eb.exists(
          listedGames(db, merchantCode)
            .select(sql`1`.as('one'))
            .where('g.node_id', '=', BigInt(parentNodeId))
            .where('g.is_game', '=', 'VASSALAGE'),
        ),
      );
  }
  const folded = search ? foldSearchText(search) : '';
  if (search && folded !== '') {
    // Any language: the folded key, or the name itself for rows written without one.
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('game_texts as t')
          .select(sql`1`.as('one'))
          .whereRef('t.node_id', '=', 'g.node_id')
          .where((inner) =>
            inner.or([
              inner('t.search_name', 'like', containsPattern(folded)),
              inner(sql`lower(t.name)`, 'like', sql<string>`lower(${containsPattern(search)})`),
            ]),
          ),
      ),
    );
  }
  return filtered;
}

/**
 * The total of a paged list read with `count(*) over ()`: the first row carries it; past the
 * last page no row does, so it is counted alone.
 */
export async function totalOfPage(
  rows: readonly { total_count: number }[],
  page: Page,
  countAll: () => Promise<{ count: number }>,
): Promise<number> {
  if (rows.length > 0 || page.offset === 0) return rows[0]?.total_count ?? 0;
  return (await countAll()).count;
}
