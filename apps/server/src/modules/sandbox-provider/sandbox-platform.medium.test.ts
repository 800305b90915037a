import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
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
/** The pvp room's limits an operator set (minor units): inside the provider's own table. */
const ROOM_MIN_BET_MINOR = 200_000n;
const ROOM_MAX_BET_MINOR = 300_000n;

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

  async function launchAndOpen(
    token: string,
    game: { nodeId: number; gameId: string; roomId?: string } = {
      nodeId: coinFlipNodeId,
      gameId: 'coin-flip',
    },
  ) {
    const launched = await callApi(app, 'POST', '/wps/game/launchGame', {
      token,
      body: { ...game, vassalage: 'SBX', language: 'EN' },
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

  async function play(
    providerToken: string,
    stakeMinor: number,
    choice: Record<string, unknown> = { game: 'coin-flip', side: 'heads' },
  ) {
    const response = await fetch(`${baseUrl}/sandbox-provider/api/round`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-token': providerToken },
      body: JSON.stringify({ ...choice, stakeMinor }),
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

  it("refuses a pvp round whose stake is outside its room's limits, and moves nothing", async () => {
    const diceNodeId = await insertSandboxGame(database.db, 'dice-duel', 'PVP');
    // The operator narrowed the room to 2,000.00-3,000.00 ₫; the provider's own bronze table
    // takes 1,000.00 to 100,000.00 ₫, so only the platform can refuse the stakes below.
    await database.db
      .insertInto('pvp_rooms')
      .values({
        merchant_code: BASE_MERCHANT_CODE,
        room_id: 'dice-duel-1',
        node_id: BigInt(diceNodeId),
        names: JSON.stringify({ EN: 'Bronze' }),
        min_bet_minor: ROOM_MIN_BET_MINOR,
        max_bet_minor: ROOM_MAX_BET_MINOR,
        seats: 6,
      })
      .onConflict((conflict) =>
        conflict.columns(['merchant_code', 'room_id']).doUpdateSet({
          node_id: BigInt(diceNodeId),
          min_bet_minor: ROOM_MIN_BET_MINOR,
          max_bet_minor: ROOM_MAX_BET_MINOR,
        }),
      )
      .execute();
    const member = await fundedMember(app, database.db, FUNDS, 'sbxroom');
    const { config } = await launchAndOpen(member.token, {
      nodeId: diceNodeId,
      gameId: 'dice-duel',
      roomId: 'dice-duel-1',
    });
    const dice = { game: 'dice-duel' };
    for (const stakeMinor of [Number(ROOM_MIN_BET_MINOR) - 100, Number(ROOM_MAX_BET_MINOR) + 100]) {
      const refused = await play(config.token, stakeMinor, dice);
      expect(refused).toMatchObject({ status: 400, body: { errorCode: 'BAD_STAKE' } });
    }
    const answers = await database.db
      .selectFrom('game_wallet_transactions')
      .select('answer')
      .where('vassalage', '=', 'SBX')
      .where('member_id', '=', BigInt(member.id))
      .execute();
    expect(answers.map((row) => row.answer)).toEqual([
      expect.objectContaining({ ok: false, errorCode: 'SEAMLESS_STAKE_OUT_OF_ROOM' }),
      expect.objectContaining({ ok: false, errorCode: 'SEAMLESS_STAKE_OUT_OF_ROOM' }),
    ]);
    expect(await balanceOf(app, member.token)).toBe(FUNDS);

    const within = await play(config.token, Number(ROOM_MIN_BET_MINOR), dice);
    expect(within.status).toBe(200);
    expect(await ledgerBreaks(database.db)).toEqual([]);
  });

  it("launches only into an open room of the game: an unknown, closed or other game's room is refused", async () => {
    const diceNodeId = await insertSandboxGame(database.db, 'dice-duel', 'PVP');
    const room = (roomId: string, nodeId: number, closed: boolean) =>
      database.db
        .insertInto('pvp_rooms')
        .values({
          merchant_code: BASE_MERCHANT_CODE,
          room_id: roomId,
          node_id: BigInt(nodeId),
          names: JSON.stringify({ EN: roomId }),
          min_bet_minor: ROOM_MIN_BET_MINOR,
          max_bet_minor: ROOM_MAX_BET_MINOR,
          seats: 6,
          closed,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['merchant_code', 'room_id'])
            .doUpdateSet({ node_id: BigInt(nodeId), closed }),
        )
        .execute();
    await room('dice-duel-open', diceNodeId, false);
    await room('dice-duel-closed', diceNodeId, true);
    await room('coin-flip-room', coinFlipNodeId, false);
    const member = await fundedMember(app, database.db, FUNDS, 'sbxlaunch');
    const launch = (roomId: string) =>
      callApi(app, 'POST', '/wps/game/launchGame', {
        token: member.token,
        body: { nodeId: diceNodeId, gameId: 'dice-duel', roomId, vassalage: 'SBX', language: 'EN' },
      });
    for (const roomId of ['no-such-room', 'dice-duel-closed', 'coin-flip-room']) {
      const refused = await launch(roomId);
      expect(refused.status, roomId).toBe(404);
      expect(refused.body.errorCode, roomId).toBe('GAME_ROOM_UNAVAILABLE');
    }
    expect((await launch('dice-duel-open')).status).toBe(200);
  });
});
