import {
  ESPORTS_VENDORS,
  FAVOURITE_GAMES_MAX,
  type GameCategory,
  type GameEntryKind,
  memberTypes,
} from '@app/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import { containsPattern, foldSearchText } from './catalogue-rules.js';

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

export interface NewProvider {
  code: string;
  name: string;
  integration: 'builtin' | 'http';
  walletMode: 'seamless' | 'transfer';
  launchUrl: string;
  apiSecret: string | null;
}

export interface NewVendor {
  merchantCode: string;
  vassalage: string;
  name: string;
  isHot?: boolean;
  isNew?: boolean;
  enabled?: boolean;
  sortOrder?: number;
}

export interface NewGame {
  merchantCode: string;
  vassalage: string;
  gameCode: string;
  gameType: GameCategory;
  gameClassify?: string | null;
  isGame?: GameEntryKind;
  parentNodeId?: number | null;
  minBetMinor?: bigint;
  minLineNum?: number;
  iconUrl: string;
  rtpBp?: number | null;
  isHot?: boolean;
  isNew?: boolean;
  enabled?: boolean;
  sortOrder?: number;
  /** Name and rules (sanitized HTML) per language code. */
  texts: Record<string, { name: string; rulesHtml?: string }>;
}

export interface NewPvpRoom {
  merchantCode: string;
  roomId: string;
  nodeId: number;
  names: Record<string, string>;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  seats: number;
  sortOrder?: number;
}

/** The days the popular list and the winner board look back. */
export const CATALOGUE_LOOKBACK_DAYS = 7;

type GamesQuery = SelectQueryBuilder<
  Database & { g: Database['games']; v: Database['game_vendors']; p: Database['game_providers'] },
  'g' | 'v' | 'p',
  object
>;
type GamesEb = ExpressionBuilder<Database & { g: Database['games'] }, 'g'>;

/** The merchant's listed games: the game, its vendor and its provider all enabled. */
function listedGames(db: Db, merchantCode: string): GamesQuery {
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

function gameColumns(names: NameLanguages) {
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

interface GameRow {
  node_id: string;
  vassalage: string;
  game_type: GameCategory;
  game_classify: string | null;
  min_bet_minor: string;
  min_line_num: number;
  game_code: string;
  is_game: GameEntryKind;
  parent_node_id: string | null;
  icon_url: string;
  is_hot: boolean;
  is_new: boolean;
  rtp_bp: number | null;
  game_name: string;
}

function toGame(row: GameRow): StoredGame {
  return {
    nodeId: Number(row.node_id),
    vassalage: row.vassalage,
    gameType: row.game_type,
    gameName: row.game_name,
    gameClassify: row.game_classify,
    minBetMinor: BigInt(row.min_bet_minor),
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

function applyFilters(query: GamesQuery, filters: GameFilters, db: Db, merchantCode: string) {
  let filtered = query;
  const { category, vassalage, gameClassify, search, maxMinBetMinor, maxLineNum, parentNodeId } =
    filters;
  if (category) filtered = filtered.where((eb) => inCategory(eb as unknown as GamesEb, category));
  if (vassalage) filtered = filtered.where('g.vassalage', '=', vassalage);
  if (gameClassify) filtered = filtered.where('g.game_classify', '=', gameClassify);
  if (maxMinBetMinor !== undefined)
    filtered = filtered.where('g.min_bet_minor', '<=', maxMinBetMinor.toString());
  if (maxLineNum !== undefined) filtered = filtered.where('g.min_line_num', '<=', maxLineNum);
  if (parentNodeId !== undefined) {
    // Sub-games of an entry that is itself listed.
    filtered = filtered
      .where('g.parent_node_id', '=', parentNodeId.toString())
      .where((eb) =>
        eb.exists(
          listedGames(db, merchantCode)
            .select(sql`1`.as('one'))
            .where('g.node_id', '=', parentNodeId.toString())
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

export function createGamesRepository(db: Db) {
  return {
    /** One page and the total count in one statement (count(*) over the filtered rows). */
    async games(
      merchantCode: string,
      filters: GameFilters,
      names: NameLanguages,
      page: Page,
    ): Promise<{ games: StoredGame[]; totalCount: number }> {
      const filtered = applyFilters(listedGames(db, merchantCode), filters, db, merchantCode);
      const rows = await filtered
        .select([...gameColumns(names), sql<string>`count(*) over ()`.as('total_count')])
        .orderBy('g.sort_order')
        .orderBy('g.node_id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      if (rows.length > 0 || page.offset === 0) {
        return {
          games: rows.map((row) => toGame(row as unknown as GameRow)),
          totalCount: Number(rows[0]?.total_count ?? 0),
        };
      }
      // Past the last page: no row carries the count, so ask for it alone.
      const count = await filtered
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return { games: [], totalCount: Number(count.count) };
    },

    async hotGames(
      merchantCode: string,
      filters: Pick<GameFilters, 'category' | 'vassalage'>,
      names: NameLanguages,
      count: number,
    ): Promise<StoredGame[]> {
      const rows = await applyFilters(listedGames(db, merchantCode), filters, db, merchantCode)
        .where('g.is_hot', '=', true)
        .select(gameColumns(names))
        .orderBy('g.sort_order')
        .orderBy('g.node_id')
        .limit(count)
        .execute();
      return rows.map((row) => toGame(row as unknown as GameRow));
    },

    /** Most launched in the last days, then hot, then display order. */
    async popularGames(
      merchantCode: string,
      category: GameCategory | undefined,
      names: NameLanguages,
      count: number,
      now: Date,
    ): Promise<StoredGame[]> {
      const since = new Date(now.getTime() - CATALOGUE_LOOKBACK_DAYS * 24 * 60 * 60 * 1000);
      const rows = await applyFilters(listedGames(db, merchantCode), { category }, db, merchantCode)
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('member_recent_games as r')
              .innerJoin('games as rg', 'rg.node_id', 'r.node_id')
              .where('rg.merchant_code', '=', merchantCode)
              .where('r.played_at', '>', since)
              .select(['r.node_id', sql<string>`sum(r.launches)`.as('launches')])
              .groupBy('r.node_id')
              .as('l'),
          (join) => join.onRef('l.node_id', '=', 'g.node_id'),
        )
        .select(gameColumns(names))
        .orderBy(sql`coalesce(l.launches, 0)`, 'desc')
        .orderBy('g.is_hot', 'desc')
        .orderBy('g.sort_order')
        .orderBy('g.node_id')
        .limit(count)
        .execute();
      return rows.map((row) => toGame(row as unknown as GameRow));
    },

    /** Per vendor and stored category: listed games, and whether any is flagged new. */
    async vendorCategories(merchantCode: string, vassalage?: string): Promise<VendorCategoryRow[]> {
      let query = listedGames(db, merchantCode);
      if (vassalage) query = query.where('g.vassalage', '=', vassalage);
      const rows = await query
        .select([
          'v.vassalage',
          'v.name',
          'v.is_hot',
          'v.is_new',
          'v.sort_order',
          'g.game_type',
          sql<string>`count(*)`.as('game_count'),
          sql<boolean>`bool_or(g.is_new)`.as('any_new_game'),
        ])
        .groupBy(['v.vassalage', 'v.name', 'v.is_hot', 'v.is_new', 'v.sort_order', 'g.game_type'])
        .orderBy('v.sort_order')
        .orderBy('v.vassalage')
        .execute();
      return rows.map((row) => ({
        vassalage: row.vassalage,
        name: row.name,
        isHot: row.is_hot,
        isNew: row.is_new,
        gameType: row.game_type,
        gameCount: Number(row.game_count),
        anyNewGame: row.any_new_game,
      }));
    },

    /** A vendor's listed games counted per stored category and classify. */
    async classifyCounts(
      merchantCode: string,
      vassalage: string,
    ): Promise<{ gameType: GameCategory; gameClassify: string | null; count: number }[]> {
      const rows = await listedGames(db, merchantCode)
        .where('g.vassalage', '=', vassalage)
        .select(['g.game_type', 'g.game_classify', sql<string>`count(*)`.as('count')])
        .groupBy(['g.game_type', 'g.game_classify'])
        .orderBy('g.game_type')
        .orderBy('g.game_classify')
        .execute();
      return rows.map((row) => ({
        gameType: row.game_type,
        gameClassify: row.game_classify,
        count: Number(row.count),
      }));
    },

    /** A game of the merchant whatever its state; `listed` says whether it is shown. */
    async gameOfMerchant(
      merchantCode: string,
      nodeId: number,
    ): Promise<{ vassalage: string; gameType: GameCategory; listed: boolean } | undefined> {
      const row = await db
        .selectFrom('games as g')
        .innerJoin('game_vendors as v', (join) =>
          join
            .onRef('v.merchant_code', '=', 'g.merchant_code')
            .onRef('v.vassalage', '=', 'g.vassalage'),
        )
        .innerJoin('game_providers as p', 'p.code', 'g.vassalage')
        .select([
          'g.vassalage',
          'g.game_type',
          sql<boolean>`g.enabled AND v.enabled AND p.enabled`.as('listed'),
        ])
        .where('g.merchant_code', '=', merchantCode)
        .where('g.node_id', '=', nodeId.toString())
        .executeTakeFirst();
      return row && { vassalage: row.vassalage, gameType: row.game_type, listed: row.listed };
    },

    async favouriteGames(
      merchantCode: string,
      memberId: bigint,
      category: GameCategory | undefined,
      names: NameLanguages,
      page: Page,
    ): Promise<{ games: StoredGame[]; totalCount: number }> {
      const filtered = applyFilters(listedGames(db, merchantCode), { category }, db, merchantCode)
        .innerJoin('member_favourite_games as f', 'f.node_id', 'g.node_id')
        .where('f.member_id', '=', memberId.toString());
      const rows = await filtered
        .select([...gameColumns(names), sql<string>`count(*) over ()`.as('total_count')])
        .orderBy('f.created_at', 'desc')
        .orderBy('g.node_id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      if (rows.length > 0 || page.offset === 0) {
        return {
          games: rows.map((row) => toGame(row as unknown as GameRow)),
          totalCount: Number(rows[0]?.total_count ?? 0),
        };
      }
      const count = await filtered
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return { games: [], totalCount: Number(count.count) };
    },

    async favouriteGameIds(merchantCode: string, memberId: bigint): Promise<number[]> {
      const rows = await listedGames(db, merchantCode)
        .innerJoin('member_favourite_games as f', 'f.node_id', 'g.node_id')
        .where('f.member_id', '=', memberId.toString())
        .select('g.node_id')
        .orderBy('f.created_at', 'desc')
        .orderBy('g.node_id', 'desc')
        .limit(FAVOURITE_GAMES_MAX)
        .execute();
      return rows.map((row) => Number(row.node_id));
    },

    /**
     * Adds a favourite unless the member already has `FAVOURITE_GAMES_MAX` (counted under a
     * per-member lock, so two adds at once cannot pass the limit together). Adding twice is fine.
     */
    async addFavourite(memberId: bigint, nodeId: number): Promise<'added' | 'exists' | 'limit'> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`favourite-games:${memberId}`}, 0))`.execute(
          trx,
        );
        const existing = await trx
          .selectFrom('member_favourite_games')
          .select('node_id')
          .where('member_id', '=', memberId.toString())
          .where('node_id', '=', nodeId.toString())
          .executeTakeFirst();
        if (existing) return 'exists';
        const count = await trx
          .selectFrom('member_favourite_games')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('member_id', '=', memberId.toString())
          .executeTakeFirstOrThrow();
        if (Number(count.count) >= FAVOURITE_GAMES_MAX) return 'limit';
        await trx
          .insertInto('member_favourite_games')
          .values({ member_id: memberId.toString(), node_id: nodeId.toString() })
          .execute();
        return 'added';
      });
    },

    async removeFavourite(memberId: bigint, nodeId: number): Promise<void> {
      await db
        .deleteFrom('member_favourite_games')
        .where('member_id', '=', memberId.toString())
        .where('node_id', '=', nodeId.toString())
        .execute();
    },

    async recentGames(
      merchantCode: string,
      memberId: bigint,
      filters: Pick<GameFilters, 'category' | 'vassalage'>,
      names: NameLanguages,
      page: Page,
    ): Promise<{ games: (StoredGame & { playedAt: Date })[]; totalCount: number }> {
      const filtered = applyFilters(listedGames(db, merchantCode), filters, db, merchantCode)
        .innerJoin('member_recent_games as r', 'r.node_id', 'g.node_id')
        .where('r.member_id', '=', memberId.toString());
      const rows = await filtered
        .select([
          ...gameColumns(names),
          'r.played_at',
          sql<string>`count(*) over ()`.as('total_count'),
        ])
        .orderBy('r.played_at', 'desc')
        .orderBy('g.node_id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      if (rows.length > 0 || page.offset === 0) {
        return {
          games: rows.map((row) => ({
            ...toGame(row as unknown as GameRow),
            playedAt: row.played_at,
          })),
          totalCount: Number(rows[0]?.total_count ?? 0),
        };
      }
      const count = await filtered
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return { games: [], totalCount: Number(count.count) };
    },

    /** The biggest settled wins of real members in the last days, of listed games. */
    async biggestWins(
      merchantCode: string,
      filters: Pick<GameFilters, 'category' | 'vassalage'>,
      names: NameLanguages,
      count: number,
      now: Date,
    ): Promise<StoredRankEntry[]> {
      const since = new Date(now.getTime() - CATALOGUE_LOOKBACK_DAYS * 24 * 60 * 60 * 1000);
      const rows = await applyFilters(listedGames(db, merchantCode), filters, db, merchantCode)
        .innerJoin('game_rounds as gr', 'gr.node_id', 'g.node_id')
        .innerJoin('members as m', 'm.id', 'gr.member_id')
        .where('gr.merchant_code', '=', merchantCode)
        .where('gr.status', '=', 'settled')
        // A literal, so the partial index (WHERE win_minor > 0) applies.
        .where(sql<boolean>`gr.win_minor > 0`)
        .where('gr.settled_at', '>', since)
        .where('m.type', '!=', memberTypes.trial)
        .select([
          ...gameColumns(names),
          'm.username',
          'gr.win_minor',
          'gr.stake_minor',
          'gr.refunded_minor',
          'gr.settled_at',
        ])
        .orderBy('gr.win_minor', 'desc')
        .orderBy('gr.settled_at', 'desc')
        .orderBy('gr.id', 'desc')
        .limit(count)
        .execute();
      return rows.map((row) => ({
        account: row.username,
        game: toGame(row as unknown as GameRow),
        winMinor: BigInt(row.win_minor),
        netStakeMinor: BigInt(row.stake_minor) - BigInt(row.refunded_minor),
        wonAt: row.settled_at ?? now,
      }));
    },

    async pvpRooms(
      merchantCode: string,
      filters: { nodeId?: number | undefined; vassalage?: string | undefined },
    ): Promise<StoredPvpRoom[]> {
      let query = listedGames(db, merchantCode)
        .innerJoin('pvp_rooms as room', (join) =>
          join
            .onRef('room.node_id', '=', 'g.node_id')
            .onRef('room.merchant_code', '=', 'g.merchant_code'),
        )
        .where('room.enabled', '=', true);
      if (filters.nodeId !== undefined)
        query = query.where('g.node_id', '=', filters.nodeId.toString());
      if (filters.vassalage) query = query.where('g.vassalage', '=', filters.vassalage);
      const rows = await query
        .select([
          'room.room_id',
          'room.node_id',
          'g.vassalage',
          'room.names',
          'room.min_bet_minor',
          'room.max_bet_minor',
          'room.seats',
          'room.players',
          'room.closed',
        ])
        .orderBy('room.sort_order')
        .orderBy('room.room_id')
        .execute();
      return rows.map((row) => ({
        roomId: row.room_id,
        nodeId: Number(row.node_id),
        vassalage: row.vassalage,
        names: row.names,
        minBetMinor: BigInt(row.min_bet_minor),
        maxBetMinor: BigInt(row.max_bet_minor),
        seats: row.seats,
        players: row.players,
        closed: row.closed,
      }));
    },

    /** Writes (seed, operator tools, tests). A provider is kept as it is once it exists. */
    async ensureProvider(provider: NewProvider): Promise<void> {
      await db
        .insertInto('game_providers')
        .values({
          code: provider.code,
          name: provider.name,
          integration: provider.integration,
          wallet_mode: provider.walletMode,
          launch_url: provider.launchUrl,
          api_secret: provider.apiSecret,
        })
        .onConflict((conflict) => conflict.column('code').doNothing())
        .execute();
    },

    async ensureVendor(vendor: NewVendor): Promise<void> {
      await db
        .insertInto('game_vendors')
        .values({
          merchant_code: vendor.merchantCode,
          vassalage: vendor.vassalage,
          name: vendor.name,
          is_hot: vendor.isHot ?? false,
          is_new: vendor.isNew ?? false,
          enabled: vendor.enabled ?? true,
          sort_order: vendor.sortOrder ?? 0,
        })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'vassalage']).doNothing())
        .execute();
    },

    /** Inserts a game (or finds it by merchant, vendor and code) and writes its texts; its nodeId. */
    async ensureGame(game: NewGame): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('games')
          .values({
            merchant_code: game.merchantCode,
            vassalage: game.vassalage,
            game_code: game.gameCode,
            game_type: game.gameType,
            game_classify: game.gameClassify ?? null,
            is_game: game.isGame ?? 'GAME',
            parent_node_id: game.parentNodeId?.toString() ?? null,
            min_bet_minor: (game.minBetMinor ?? 100n).toString(),
            min_line_num: game.minLineNum ?? 1,
            icon_url: game.iconUrl,
            rtp_bp: game.rtpBp ?? null,
            is_hot: game.isHot ?? false,
            is_new: game.isNew ?? false,
            enabled: game.enabled ?? true,
            sort_order: game.sortOrder ?? 0,
          })
          .onConflict((conflict) =>
            conflict.columns(['merchant_code', 'vassalage', 'game_code']).doNothing(),
          )
          .returning('node_id')
          .executeTakeFirst();
        const nodeId =
          inserted?.node_id ??
          (
            await trx
              .selectFrom('games')
              .select('node_id')
              .where('merchant_code', '=', game.merchantCode)
              .where('vassalage', '=', game.vassalage)
              .where('game_code', '=', game.gameCode)
              .executeTakeFirstOrThrow()
          ).node_id;
        if (inserted) {
          for (const [language, text] of Object.entries(game.texts)) {
            await trx
              .insertInto('game_texts')
              .values({
                node_id: nodeId,
                language,
                name: text.name,
                rules_html: text.rulesHtml ?? '',
                search_name: foldSearchText(text.name),
              })
              .onConflict((conflict) => conflict.columns(['node_id', 'language']).doNothing())
              .execute();
          }
        }
        return Number(nodeId);
      });
    },

    async ensurePvpRoom(room: NewPvpRoom): Promise<void> {
      await db
        .insertInto('pvp_rooms')
        .values({
          merchant_code: room.merchantCode,
          room_id: room.roomId,
          node_id: room.nodeId.toString(),
          names: JSON.stringify(room.names),
          min_bet_minor: room.minBetMinor.toString(),
          max_bet_minor: room.maxBetMinor.toString(),
          seats: room.seats,
          sort_order: room.sortOrder ?? 0,
        })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'room_id']).doNothing())
        .execute();
    },

    /** A room of the merchant, for the launch of a pvp game (roomId). */
    async pvpRoom(
      merchantCode: string,
      roomId: string,
    ): Promise<{ nodeId: number; closed: boolean; enabled: boolean } | undefined> {
      const row = await db
        .selectFrom('pvp_rooms')
        .select(['node_id', 'closed', 'enabled'])
        .where('merchant_code', '=', merchantCode)
        .where('room_id', '=', roomId)
        .executeTakeFirst();
      return row && { nodeId: Number(row.node_id), closed: row.closed, enabled: row.enabled };
    },
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
