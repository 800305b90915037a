import type { Db } from '../src/db/database.js';
import { BASE_MERCHANT_CODE } from './fixtures/base-merchant.js';

/**
 * The SBX provider row as the seed makes it (http, seamless), with a known secret on both sides
 * (the platform's provider entry and the sandbox provider's own configuration): the demo seed
 * has already made them with a random one, which the test's secret replaces.
 */
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
    .onConflict((conflict) => conflict.column('code').doUpdateSet({ api_secret: secret }))
    .execute();
  await db
    .insertInto('sandbox_provider_settings')
    .values({ vassalage: 'SBX', api_secret: secret })
    .onConflict((conflict) => conflict.column('vassalage').doUpdateSet({ api_secret: secret }))
    .execute();
}

/** The demo merchant's SBX vendor and one of its games (the seed's, if there); answers its nodeId. */
export async function insertSandboxGame(
  db: Db,
  gameCode: string,
  gameType: 'RNG' | 'PVP',
): Promise<number> {
  await db
    .insertInto('game_vendors')
    .values({ merchant_code: BASE_MERCHANT_CODE, vassalage: 'SBX', name: 'Sandbox Games' })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'vassalage']).doNothing())
    .execute();
  const seeded = await db
    .selectFrom('games')
    .select('node_id')
    .where('merchant_code', '=', BASE_MERCHANT_CODE)
    .where('vassalage', '=', 'SBX')
    .where('game_code', '=', gameCode)
    .executeTakeFirst();
  if (seeded) return Number(seeded.node_id);
  const row = await db
    .insertInto('games')
    .values({
      merchant_code: BASE_MERCHANT_CODE,
      vassalage: 'SBX',
      game_code: gameCode,
      game_type: gameType,
      icon_url: `/sandbox-provider/${gameCode}.png`,
    })
    .returning('node_id')
    .executeTakeFirstOrThrow();
  return Number(row.node_id);
}
