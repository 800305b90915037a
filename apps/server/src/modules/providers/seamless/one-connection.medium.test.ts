import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../../test/fixtures/base-merchant.js';
import { addProviderWithGame, memberWithSession } from '../../../../test/seamless-helpers.js';
import { useTestApp } from '../../../../test/test-app.js';
import { type Db, databaseTypeParsers } from '../../../db/database.js';
import { createServices } from '../../../services.js';

const VASSALAGE = 'ONE_CONN';
/** Long enough for a real query on a busy machine, short enough to fail fast when it waits on itself. */
const CONNECT_TIMEOUT_MS = 3_000;
/** Cached entries expire at once, as every entry does sooner or later under load. */
const CACHE_TTL_MS = 1;

/**
 * A money call holds one pooled connection for its transaction; anything it still needs from
 * the database must come from memory or that transaction. On a pool of one connection, a
 * lookup on a second connection would wait for the first until it times out (with many calls
 * at once a full pool waits on itself): this is the seamless wallet with its caches on.
 */
describe('seamless money calls on a pool of one connection', () => {
  const context = useTestApp();
  let pool: pg.Pool | undefined;
  afterAll(async () => {
    await pool?.end();
  });

  it('settle a round without asking for a second connection', async () => {
    const { db } = context.database;
    const nodeId = await addProviderWithGame(db, {
      code: VASSALAGE,
      integration: 'builtin',
      gameCode: 'one-game',
    });
    const { memberId } = await memberWithSession(db, 10_000n);
    const services = createServices(db);
    const launched = await services.launches.launch({
      merchant: { code: BASE_MERCHANT_CODE, currency: 'VND', defaultGameLanguage: 'en' } as never,
      memberId,
      nodeId: Number(nodeId),
      vassalage: VASSALAGE,
      roomId: undefined,
      language: 'en',
      confirmTrans: 0,
    });
    const launchToken = new URL(launched.game_url, 'http://site.test').searchParams.get('token');

    pool = new pg.Pool({
      connectionString: context.database.url,
      max: 1,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      types: databaseTypeParsers,
    });
    const single = new Kysely({ dialect: new PostgresDialect({ pool }) }) as unknown as Db;
    const wallet = createServices(single, { catalogueCacheTtlMs: CACHE_TTL_MS }).seamlessWallet;
    const { sessionId } = await wallet.authenticate(VASSALAGE, { launchToken: launchToken ?? '' });
    await wallet.bet(VASSALAGE, {
      sessionId,
      transactionId: 'one-bet',
      roundId: 'one-round',
      amountMinor: 100,
      gameCode: 'one-game',
    });
    const won = await wallet.win(VASSALAGE, {
      sessionId,
      transactionId: 'one-win',
      roundId: 'one-round',
      amountMinor: 250,
      roundClosed: true,
    });
    expect(won.balanceMinor).toBe(10_150);
  });
});
