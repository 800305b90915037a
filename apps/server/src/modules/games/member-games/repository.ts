import { FAVOURITE_GAMES_MAX, type GameCategory } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { countAll, countAllOver } from '../../../db/sql-numbers.js';
import {
  applyFilters,
  type GameFilters,
  type GameRow,
  gameColumns,
  listedGames,
  type NameLanguages,
  type Page,
  type StoredGame,
  toGame,
  totalOfPage,
} from '../query/repository.js';

/** A member's favourite and recent games. */
export function createMemberGamesRepository(db: Db) {
  return {
    async favouriteGames(
      merchantCode: string,
      memberId: bigint,
      category: GameCategory | undefined,
      names: NameLanguages,
      page: Page,
    ): Promise<{ games: StoredGame[]; totalCount: number }> {
      const filtered = applyFilters(listedGames(db, merchantCode), { category }, db, merchantCode)
        .innerJoin('member_favourite_games as f', 'f.node_id', 'g.node_id')
        .where('f.member_id', '=', memberId);
      const rows = await filtered
        .select([...gameColumns(names), countAllOver().as('total_count')])
        .orderBy('f.created_at', 'desc')
        .orderBy('g.node_id', 'desc')
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

    async favouriteGameIds(merchantCode: string, memberId: bigint): Promise<number[]> {
      const rows = await listedGames(db, merchantCode)
        .innerJoin('member_favourite_games as f', 'f.node_id', 'g.node_id')
        .where('f.member_id', '=', memberId)
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
          .where('member_id', '=', memberId)
          .where('node_id', '=', BigInt(nodeId))
          .executeTakeFirst();
        if (existing) return 'exists';
        const count = await trx
          .selectFrom('member_favourite_games')
          .select(countAll().as('count'))
          .where('member_id', '=', memberId)
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
        .where('member_id', '=', memberId)
        .where('node_id', '=', BigInt(nodeId))
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
        .where('r.member_id', '=', memberId);
      const rows = await filtered
        .select([...gameColumns(names), 'r.played_at', countAllOver().as('total_count')])
        .orderBy('r.played_at', 'desc')
        .orderBy('g.node_id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      return {
        games: rows.map((row) => ({
          ...toGame(row as unknown as GameRow),
          playedAt: row.played_at,
        })),
        totalCount: await totalOfPage(rows, page, () =>
          filtered.select(countAll().as('count')).executeTakeFirstOrThrow(),
        ),
      };
    },
  };
}
