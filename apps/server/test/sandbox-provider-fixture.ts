import type { Db } from '../src/db/database.js';
import { DEMO_MERCHANT_CODE } from '../src/db/seed.js';

/** The SBX provider row as the seed makes it (http, seamless), with a known secret. */
export async function insertSandboxProvider(db: Db, secret: string): Promise<void> {
  await db
    .insertInto('game_providers')
    .values({
      code: 'SBX',
      name: 'Sandbox Games',
      integration: 'http',
      wallet_mode: 'seamless',
      launch_url: '/sandbox-provider/play',
      api_secret: secret,
    })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
}

/** The demo merchant's SBX vendor and one of its games; answers the game's nodeId. */
export async function insertSandboxGame(
  db: Db,
  gameCode: string,
  gameType: 'RNG' | 'PVP',
): Promise<number> {
  await db
    .insertInto('game_vendors')
    .values({ merchant_code: DEMO_MERCHANT_CODE, vassalage: 'SBX', name: 'Sandbox Games' })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'vassalage']).doNothing())
    .execute();
  const row = await db
    .insertInto('games')
    .values({
      merchant_code: DEMO_MERCHANT_CODE,
      vassalage: 'SBX',
      game_code: gameCode,
      game_type: gameType,
      icon_url: `/sandbox-provider/${gameCode}.png`,
    })
    .returning('node_id')
    .executeTakeFirstOrThrow();
  return Number(row.node_id);
}
