import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../../test/fixtures/base-merchant.js';
import { addProviderWithGame } from '../../../../test/seamless-helpers.js';
import { useTestApp } from '../../../../test/test-app.js';
import { createGameLookups } from '../../games/index.js';

const TTL_MS = 5_000;

describe('the catalogue lookups of the money calls', () => {
  const context = useTestApp();

  it('serve the provider and the game from memory until the time to live, then read again', async () => {
    const { db } = context.database;
    const nodeId = await addProviderWithGame(db, {
      code: 'CACHE_PROV',
      integration: 'http',
      apiSecret: 'first-secret',
      gameCode: 'cache-game',
    });
    let nowMs = 1_000_000;
    const lookups = createGameLookups(db, { cacheTtlMs: TTL_MS, clock: () => nowMs });
    expect((await lookups.provider('CACHE_PROV'))?.apiSecret).toBe('first-secret');
    expect((await lookups.gameByCode(BASE_MERCHANT_CODE, 'CACHE_PROV', 'cache-game'))?.nodeId).toBe(
      nodeId,
    );
    await sql`UPDATE game_providers SET api_secret = 'second-secret' WHERE code = 'CACHE_PROV'`.execute(
      db,
    );
    await sql`UPDATE games SET game_type = 'PVP' WHERE node_id = ${nodeId.toString()}::bigint`.execute(
      db,
    );
    nowMs += TTL_MS - 1;
    expect((await lookups.provider('CACHE_PROV'))?.apiSecret).toBe('first-secret');
    expect((await lookups.gameByNode(nodeId))?.gameType).toBe('PVP');
    expect(
      (await lookups.gameByCode(BASE_MERCHANT_CODE, 'CACHE_PROV', 'cache-game'))?.gameType,
    ).toBe('RNG');
    nowMs += 2;
    expect((await lookups.provider('CACHE_PROV'))?.apiSecret).toBe('second-secret');
    expect(
      (await lookups.gameByCode(BASE_MERCHANT_CODE, 'CACHE_PROV', 'cache-game'))?.gameType,
    ).toBe('PVP');
    // Tests and tools that ask for no cache read the database every time.
    const uncached = createGameLookups(db);
    await sql`UPDATE game_providers SET api_secret = 'third-secret' WHERE code = 'CACHE_PROV'`.execute(
      db,
    );
    expect((await uncached.provider('CACHE_PROV'))?.apiSecret).toBe('third-secret');
  });
});
