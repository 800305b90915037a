import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.js';
import { balanceOf, fundedMember, ledgerBreaks } from '../../../test/money-helpers.js';
import {
  insertSandboxGame,
  insertSandboxProvider,
} from '../../../test/sandbox-provider-fixture.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices } from '../../services.js';
import type { PlayedRound } from './service-interface.js';

const SECRET = 'sandbox-platform-test-secret-0123456789abcdef';
/** VND: the sandbox tables start at 1,000 ₫ (the currency's stake profile). */
const FUNDS = 50_000;
const STAKE_MINOR = 200_000;

/**
 * The sandbox provider against the real platform, both in one listening server as in
 * production: launch -> play page (signed authenticate over HTTP) -> bet and win over HTTP ->
 * the ledger balance and the game round follow.
 */
describe('sandbox provider against the real seamless wallet', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl = '';
  let coinFlipNodeId = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertSandboxProvider(database.db, SECRET);
    coinFlipNodeId = await insertSandboxGame(database.db, 'coin-flip', 'RNG');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const services = createServices(database.db, { sandboxProviderPlatformUrl: baseUrl });
    app = await buildApp({ db: database.db, services });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  async function launchAndOpen(token: string) {
    const launched = await callApi(app, 'POST', '/wps/game/launchGame', {
      token,
      body: { nodeId: coinFlipNodeId, vassalage: 'SBX', gameId: 'coin-flip', language: 'EN' },
    });
    expect(launched.status).toBe(200);
    const gameUrl = launched.body.value.game_url as string;
    expect(gameUrl).toMatch(/^\/sandbox-provider\/play\?token=[^&]+&lang=EN$/);
    const page = await fetch(`${baseUrl}${gameUrl}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    const config = JSON.parse(
      /<script type="application\/json" id="sandbox-config">(.*?)<\/script>/s.exec(html)?.[1] ??
        '{}',
    ) as { token: string; balanceMinor: number; currency: string };
    return { gameUrl, config };
  }

  async function play(providerToken: string, stakeMinor: number) {
    const response = await fetch(`${baseUrl}/sandbox-provider/api/round`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-token': providerToken },
      body: JSON.stringify({ game: 'coin-flip', stakeMinor, side: 'heads' }),
    });
    return { status: response.status, body: (await response.json()) as { value: PlayedRound } };
  }

  it('plays coin-flip rounds that move the ledger and settle game rounds', async () => {
    const member = await fundedMember(app, database.db, FUNDS, 'sbx');
    const { gameUrl, config } = await launchAndOpen(member.token);
    expect(config.balanceMinor).toBe(FUNDS * 100);
    expect(config.currency).toBe('VND');

    // The launch token is single-use: the page cannot be opened twice.
    expect((await fetch(`${baseUrl}${gameUrl}`)).status).toBe(401);

    let expectedMinor = FUNDS * 100;
    for (let round = 0; round < 3; round += 1) {
      const result = await play(config.token, STAKE_MINOR);
      expect(result.status).toBe(200);
      const value = result.body.value;
      expect(value.pending).toBe(false);
      expectedMinor += -STAKE_MINOR + value.winMinor;
      expect(value.balanceMinor).toBe(expectedMinor);
      const stored = await database.db
        .selectFrom('game_rounds')
        .selectAll()
        .where('vassalage', '=', 'SBX')
        .where('round_ref', '=', value.roundId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        member_id: BigInt(member.id),
        status: 'settled',
        stake_minor: BigInt(STAKE_MINOR),
        win_minor: BigInt(value.winMinor),
      });
      expect(stored.detail).toMatchObject({ ...value.outcome, game: 'coin-flip', choice: 'heads' });
    }
    expect(await balanceOf(app, member.token)).toBe(expectedMinor / 100);
    expect(await ledgerBreaks(database.db)).toEqual([]);
  });

  it('a stake above the balance is refused as insufficient funds and nothing moves', async () => {
    const member = await fundedMember(app, database.db, 3_000, 'sbxpoor');
    const { config } = await launchAndOpen(member.token);
    const result = await play(config.token, 500_000);
    expect(result).toMatchObject({ status: 409, body: { errorCode: 'INSUFFICIENT_FUNDS' } });
    expect(await balanceOf(app, member.token)).toBe(3_000);
  });
});
