import type { AdminGame, AdminGameVendor, CursorPage, GameCategory } from '@app/contract';

/** A game as stored: what the console shows, less what depends on the merchant's settings. */
export type StoredGame = Omit<AdminGame, 'missingLanguages'>;

import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../../db/keyset-page.js';
import { countAll } from '../../../db/sql-numbers.js';
import { escapeLike, foldSearchText } from '../catalogue-rules.js';

/**
 * Every instance LISTENs here and drops its catalogue caches when an operator changes a merchant's
 * games or vendors (the payload is the merchant code).
 */
export const GAMES_CATALOGUE_CHANNEL = 'games_catalogue_changed';

/** The console's games list: by node id, oldest first (the order the catalogue was built in). */
const gamesOrder: KeysetOrder = {
  name: 'admin-games',
  keys: [{ ref: 'g.node_id', type: 'bigint' }],
  direction: 'asc',
};

export interface AdminGamesFilter {
  vassalage?: string;
  gameType?: GameCategory;
  enabled?: boolean;
  search?: string;
}

export interface CatalogueFlags {
  enabled?: boolean;
  isHot?: boolean;
  isNew?: boolean;
  sortOrder?: number;
}

function flagColumns(flags: CatalogueFlags) {
  return {
    ...(flags.enabled === undefined ? {} : { enabled: flags.enabled }),
    ...(flags.isHot === undefined ? {} : { is_hot: flags.isHot }),
    ...(flags.isNew === undefined ? {} : { is_new: flags.isNew }),
    ...(flags.sortOrder === undefined ? {} : { sort_order: flags.sortOrder }),
  };
}

/** The games module's SQL for the operator console (its own catalogue tables only). */
export function createGamesAdminRepository(db: Db) {
  async function namesOf(nodeIds: readonly string[]): Promise<Map<string, Record<string, string>>> {
    const names = new Map<string, Record<string, string>>();
    if (nodeIds.length === 0) return names;
    const rows = await db
      .selectFrom('game_texts')
      .select([sql<string>`node_id::text`.as('node_id'), 'language', 'name'])
      .where(
        'node_id',
        'in',
        nodeIds.map((id) => BigInt(id)),
      )
      .execute();
    for (const row of rows) {
      const entry = names.get(row.node_id) ?? {};
      entry[row.language] = row.name;
      names.set(row.node_id, entry);
    }
    return names;
  }

  const vendorQuery = (merchantCode: string) =>
    db
      .selectFrom('game_vendors as v')
      .innerJoin('game_providers as p', 'p.code', 'v.vassalage')
      .select([
        'v.vassalage',
        'v.name',
        'p.name as provider_name',
        'p.enabled as provider_enabled',
        'v.enabled',
        'v.is_hot',
        'v.is_new',
        'v.sort_order',
        (eb) =>
          eb
            .selectFrom('games as g')
            .select(countAll().as('n'))
            .whereRef('g.merchant_code', '=', 'v.merchant_code')
            .whereRef('g.vassalage', '=', 'v.vassalage')
            .as('game_count'),
      ])
      .where('v.merchant_code', '=', merchantCode);

  type VendorRow = Awaited<ReturnType<ReturnType<typeof vendorQuery>['executeTakeFirstOrThrow']>>;
  const toVendor = (row: VendorRow): AdminGameVendor => ({
    vassalage: row.vassalage,
    name: row.name,
    providerName: row.provider_name,
    providerEnabled: row.provider_enabled,
    enabled: row.enabled,
    isHot: row.is_hot,
    isNew: row.is_new,
    sortOrder: row.sort_order,
    gameCount: row.game_count ?? 0,
  });

  const gameQuery = (merchantCode: string) =>
    db
      .selectFrom('games as g')
      .select([
        sql<string>`g.node_id::text`.as('node_id'),
        'g.vassalage',
        'g.game_code',
        'g.game_type',
        'g.icon_url',
        'g.enabled',
        'g.is_hot',
        'g.is_new',
        'g.sort_order',
      ])
      .where('g.merchant_code', '=', merchantCode);

  type GameRow = Awaited<ReturnType<ReturnType<typeof gameQuery>['executeTakeFirstOrThrow']>>;
  async function withNames(rows: readonly GameRow[]): Promise<StoredGame[]> {
    const names = await namesOf(rows.map((row) => row.node_id));
    return rows.map((row) => ({
      nodeId: row.node_id,
      vassalage: row.vassalage,
      gameCode: row.game_code,
      gameType: row.game_type,
      iconUrl: row.icon_url,
      enabled: row.enabled,
      isHot: row.is_hot,
      isNew: row.is_new,
      sortOrder: row.sort_order,
      names: names.get(row.node_id) ?? {},
    }));
  }

  return {
    async vendors(merchantCode: string): Promise<AdminGameVendor[]> {
      const rows = await vendorQuery(merchantCode)
        .orderBy('v.sort_order')
        .orderBy('v.vassalage')
        .execute();
      return rows.map(toVendor);
    },

    async vendor(merchantCode: string, vassalage: string): Promise<AdminGameVendor | undefined> {
      const row = await vendorQuery(merchantCode)
        .where('v.vassalage', '=', vassalage)
        .executeTakeFirst();
      return row ? toVendor(row) : undefined;
    },

    /** Locks the vendor row for the rest of the caller's transaction (before/after are exact). */
    async lockVendor(merchantCode: string, vassalage: string): Promise<boolean> {
      const row = await db
        .selectFrom('game_vendors')
        .select('vassalage')
        .where('merchant_code', '=', merchantCode)
        .where('vassalage', '=', vassalage)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    async updateVendor(merchantCode: string, vassalage: string, flags: CatalogueFlags) {
      await db
        .updateTable('game_vendors')
        .set(flagColumns(flags))
        .where('merchant_code', '=', merchantCode)
        .where('vassalage', '=', vassalage)
        .execute();
    },

    async games(
      merchantCode: string,
      filter: AdminGamesFilter,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<StoredGame>> {
      let query = gameQuery(merchantCode);
      if (filter.vassalage) query = query.where('g.vassalage', '=', filter.vassalage);
      if (filter.gameType) query = query.where('g.game_type', '=', filter.gameType);
      if (filter.enabled !== undefined) query = query.where('g.enabled', '=', filter.enabled);
      if (filter.search) {
        const pattern = `%${escapeLike(foldSearchText(filter.search))}%`;
        const codePattern = `%${escapeLike(filter.search.toLowerCase())}%`;
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`lower(g.game_code) like ${codePattern}`,
            eb.exists(
              eb
                .selectFrom('game_texts as t')
                .select(sql`1`.as('one'))
                .whereRef('t.node_id', '=', 'g.node_id')
                .where(sql<boolean>`t.search_name like ${pattern}`),
            ),
          ]),
        );
      }
      const page_ = await keysetPage(query, gamesOrder, page);
      return { items: await withNames(page_.items), nextCursor: page_.nextCursor };
    },

    async game(merchantCode: string, nodeId: string): Promise<StoredGame | undefined> {
      const row = await gameQuery(merchantCode)
        .where('g.node_id', '=', BigInt(nodeId))
        .executeTakeFirst();
      return row ? (await withNames([row]))[0] : undefined;
    },

    async lockGame(merchantCode: string, nodeId: string): Promise<boolean> {
      const row = await db
        .selectFrom('games')
        .select('node_id')
        .where('merchant_code', '=', merchantCode)
        .where('node_id', '=', BigInt(nodeId))
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    async updateGame(merchantCode: string, nodeId: string, flags: CatalogueFlags) {
      const columns = flagColumns(flags);
      if (Object.keys(columns).length === 0) return;
      await db
        .updateTable('games')
        .set(columns)
        .where('merchant_code', '=', merchantCode)
        .where('node_id', '=', BigInt(nodeId))
        .execute();
    },

    /** Sets a name per language (an empty one removes that language's name; rules stay). */
    async setNames(nodeId: string, names: Record<string, string>) {
      for (const [language, name] of Object.entries(names)) {
        if (name === '') {
          await db
            .deleteFrom('game_texts')
            .where('node_id', '=', BigInt(nodeId))
            .where('language', '=', language)
            .execute();
          continue;
        }
        await db
          .insertInto('game_texts')
          .values({
            node_id: nodeId,
            language,
            name,
            rules_html: '',
            search_name: foldSearchText(name),
          })
          .onConflict((conflict) =>
            conflict
              .columns(['node_id', 'language'])
              .doUpdateSet({ name, search_name: foldSearchText(name) }),
          )
          .execute();
      }
    },

    /** Tells every instance (after the caller's transaction commits) to drop its caches. */
    async notifyChanged(merchantCode: string) {
      await sql`SELECT pg_notify(${GAMES_CATALOGUE_CHANNEL}, ${merchantCode})`.execute(db);
    },
  };
}
