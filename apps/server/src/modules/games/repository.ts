import type { GameCategory } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { createMemberGamesRepository } from './member-games/repository.js';
import { createPvpRoomsRepository } from './pvp-rooms/repository.js';
import {
  applyFilters,
  CATALOGUE_LOOKBACK_DAYS,
  type GameFilters,
  type GameRow,
  gameColumns,
  listedGames,
  type NameLanguages,
  type Page,
  type StoredGame,
  type StoredRankEntry,
  toGame,
  totalOfPage,
  type VendorCategoryRow,
} from './query/repository.js';
import { createCatalogueWrites } from './writes/repository.js';

export type {
  GameFilters,
  NameLanguages,
  Page,
  StoredGame,
  StoredPvpRoom,
  StoredRankEntry,
  VendorCategoryRow,
} from './query/repository.js';

import { countAll, countAllOver } from '../../db/sql-numbers.js';

export { CATALOGUE_LOOKBACK_DAYS } from './query/repository.js';
export type { NewGame, NewProvider, NewPvpRoom, NewVendor } from './writes/repository.js';

export function createGamesRepository(db: Db) {
  return {
    ...createCatalogueWrites(db),
    ...createMemberGamesRepository(db),
    ...createPvpRoomsRepository(db),
    /** One page and the total count in one statement (count(*) over the filtered rows). */
    async games(
      merchantCode: string,
      filters: GameFilters,
      names: NameLanguages,
      page: Page,
    ): Promise<{ games: StoredGame[]; totalCount: number }> {
      const filtered = applyFilters(listedGames(db, merchantCode), filters, db, merchantCode);
      const rows = await filtered
        .select([...gameColumns(names), countAllOver().as('total_count')])
        .orderBy('g.sort_order')
        .orderBy('g.node_id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      return {
        games: rows.map((row) => toGame(row as unknown as GameRow)),
        totalCount: await totalOfPage(rows, page, () =>
          filtered.select(countAll().as('count')).executeTakeFirstOrThrow(),
        ),
      };
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
              .select(['r.node_id', sql<bigint>`sum(r.launches)`.as('launches')])
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
          countAll().as('game_count'),
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
        .select(['g.game_type', 'g.game_classify', countAll().as('count')])
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
        .where('g.node_id', '=', BigInt(nodeId))
        .executeTakeFirst();
      return row && { vassalage: row.vassalage, gameType: row.game_type, listed: row.listed };
    },

    /** The biggest wins on the winner board in the last days, of listed games. */
    async biggestWins(
      merchantCode: string,
      filters: Pick<GameFilters, 'category' | 'vassalage'>,
      names: NameLanguages,
      count: number,
      now: Date,
    ): Promise<StoredRankEntry[]> {
      const since = new Date(now.getTime() - CATALOGUE_LOOKBACK_DAYS * 24 * 60 * 60 * 1000);
      const rows = await applyFilters(listedGames(db, merchantCode), filters, db, merchantCode)
        .innerJoin('game_big_wins as w', 'w.node_id', 'g.node_id')
        .where('w.merchant_code', '=', merchantCode)
        .where('w.settled_at', '>', since)
        .select([
          ...gameColumns(names),
          'w.username',
          'w.win_minor',
          'w.net_stake_minor',
          'w.settled_at',
        ])
        .orderBy('w.win_minor', 'desc')
        .orderBy('w.settled_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(count)
        .execute();
      return rows.map((row) => ({
        account: row.username,
        game: toGame(row as unknown as GameRow),
        winMinor: row.win_minor,
        netStakeMinor: row.net_stake_minor,
        wonAt: row.settled_at,
      }));
    },
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
