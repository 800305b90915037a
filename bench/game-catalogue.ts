// A catalogue the size of a real lobby for the gameList bench: vendors x games of the merchant,
// with English and Vietnamese names, written in batches (the demo seed has only five games).
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.js';
import { createCatalogueWriter, foldSearchText } from '../apps/server/src/modules/games/index.js';

export const BENCH_VENDORS = 50;
export const BENCH_GAMES_PER_VENDOR = 100;
const INSERT_BATCH = 500;
const categories = ['RNG', 'RNG', 'RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS'] as const;

export async function seedBenchCatalogue(db: Db, merchantCode: string): Promise<void> {
  const catalogue = createCatalogueWriter(db);
  const rows: {
    vassalage: string;
    code: string;
    type: (typeof categories)[number];
    sort: number;
    hot: boolean;
  }[] = [];
  for (let vendor = 0; vendor < BENCH_VENDORS; vendor += 1) {
    const vassalage = `BENCH${vendor}`;
    await catalogue.ensureProvider({
      code: vassalage,
      name: `Bench vendor ${vendor}`,
      integration: 'builtin',
      walletMode: 'seamless',
      launchUrl: `/bench/${vendor}`,
      apiSecret: null,
    });
    await catalogue.ensureVendor({
      merchantCode,
      vassalage,
      name: `Bench ${vendor}`,
      sortOrder: vendor + 10,
    });
    for (let game = 0; game < BENCH_GAMES_PER_VENDOR; game += 1) {
      rows.push({
        vassalage,
        code: `bench-${vendor}-${game}`,
        type: categories[(vendor + game) % categories.length] ?? 'RNG',
        sort: game,
        hot: game % 25 === 0,
      });
    }
  }
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const inserted = await db
      .insertInto('games')
      .values(
        batch.map((row) => ({
          merchant_code: merchantCode,
          vassalage: row.vassalage,
          game_code: row.code,
          game_type: row.type,
          game_classify: 'slot',
          icon_url: 'data:,',
          is_hot: row.hot,
          sort_order: row.sort,
        })),
      )
      .returning(['node_id', 'game_code'])
      .execute();
    await db
      .insertInto('game_texts')
      .values(
        inserted.flatMap((game) => {
          const english = `Lucky ${game.game_code.replace('bench-', 'Fortune ')}`;
          const vietnamese = `Rồng Vàng ${game.game_code.replace('bench-', '')}`;
          return [
            {
              node_id: game.node_id,
              language: 'EN',
              name: english,
              search_name: foldSearchText(english),
            },
            {
              node_id: game.node_id,
              language: 'VI',
              name: vietnamese,
              search_name: foldSearchText(vietnamese),
            },
          ];
        }),
      )
      .execute();
  }
  // Fresh statistics, as a live database would have, so the planner sees the real sizes.
  await sql`ANALYZE`.execute(db);
}
