import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawHouseResult } from '../../src/modules/lottery/maths.js';
import { signedHeaders } from '../../src/modules/providers/index.js';
import type { CrashPointName } from '../../src/safety/crash-points.js';
import { createServices } from '../../src/services.js';
import { NO_SECOND_APPROVAL_MINOR, setAdjustmentLimit } from '../admin-helpers.js';
import { addTestGame, lotteryOn, openDrawOf, slipBody } from '../lottery-fixtures.js';
import { addProviderWithGame } from '../seamless-helpers.js';
import {
  DEMO_OPERATOR_PASSWORD,
  httpCall,
  type ServerProcess,
  startServerProcess,
} from '../server-process.js';
import { uniqueUsername } from '../test-app.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

const VASSALAGE = 'CRASH_PROV';
const SECRET = 'crash-provider-secret';
const GAME_CODE = 'crash-game';
/** Funds in major units; each seamless bet and win in minor units; each slip line in major units. */
const FUNDS = 1_000;
const BET_MINOR = 1_000;
const WIN_MINOR = 2_500;
const SLIP_AMOUNT = 10;
/** Nine crashes and three ordinary starts of the real server, on two shared cores. */
const CRASH_TEST_TIMEOUT_MS = 420_000;
/** How long a jobs-role server may take to reach the settlement (pg-boss picks the tick up). */
const SETTLEMENT_WAIT_MS = 60_000;

type Call = { url: string; body: Record<string, unknown>; token?: string };

/**
 * Kills the real server at each new transaction boundary of the game money paths (seamless
 * bet, win and rollback; a lottery slip; a settlement batch), before and after the commit,
 * then checks that each step is all there or not there at all, and that the retries (or the
 * next settlement run) finish each exactly once.
 */
describe('a crash inside or just after a game money step', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;
  let member: { username: string; token: string; id: string };
  let sessionId: string;
  let gameCode: string;
  let drawId: number;

  async function count(query: RawBuilder<{ count: string }>): Promise<number> {
    return Number((await query.execute(database.db)).rows[0]?.count);
  }
  const walletRows = (transactionId: string) =>
    count(sql`SELECT count(*) AS count FROM game_wallet_transactions
              WHERE vassalage = ${VASSALAGE} AND transaction_id = ${transactionId}`);
  const eventCount = (type: string, key: string, value: string) =>
    count(sql`SELECT count(*) AS count FROM events
              WHERE type = ${type} AND payload ->> ${key} = ${value}`);
  const slipRows = (slipId: string) =>
    count(sql`SELECT count(*) AS count FROM lottery_slips WHERE id = ${slipId}`);

  const seamless = (action: string, body: Record<string, unknown>): Call => ({
    url: `/seamless/v1/${VASSALAGE}/${action}`,
    body: { sessionId, ...body },
  });
  const bet = (round: string) =>
    seamless('bet', {
      transactionId: `bet-${round}`,
      roundId: `round-${round}`,
      amountMinor: BET_MINOR,
      gameCode: GAME_CODE,
    });
  const win = (round: string) =>
    seamless('win', {
      transactionId: `win-${round}`,
      roundId: `round-${round}`,
      amountMinor: WIN_MINOR,
      roundClosed: true,
    });
  const rollback = (round: string) =>
    seamless('rollback', {
      transactionId: `rollback-${round}`,
      refTransactionId: `bet-${round}`,
      roundId: `round-${round}`,
    });
  const slips: Record<string, ReturnType<typeof slipBody>> = {};
  const slip = (name: string): Call => {
    slips[name] ??= slipBody(gameCode, drawId, [
      { betType: 'position_digit', numbers: ['1'], position: 0, amountPerPoint: SLIP_AMOUNT },
    ]);
    return { url: '/lotto/lgw/bets', token: member.token, body: slips[name] };
  };

  async function send(baseUrl: string, call: Call) {
    if (call.token)
      return httpCall(baseUrl, 'POST', call.url, { token: call.token, body: call.body });
    const rawBody = JSON.stringify(call.body);
    const response = await fetch(`${baseUrl}${call.url}`, {
      method: 'POST',
      headers: signedHeaders(SECRET, rawBody),
      body: rawBody,
    });
    return {
      status: response.status,
      // biome-ignore lint/suspicious/noExplicitAny: the value of several calls
      body: (await response.json()) as { success: boolean; value?: any; errorCode?: string },
    };
  }

  /** The calls, one per crash point, each sent again after the restart. */
  const scenarios: { point: CrashPointName; call: () => Call; setup?: () => Call }[] = [
    { point: 'seamless.bet.before-commit', call: () => bet('a') },
    { point: 'seamless.bet.after-commit', call: () => bet('b') },
    { point: 'seamless.win.before-commit', setup: () => bet('c'), call: () => win('c') },
    { point: 'seamless.win.after-commit', setup: () => bet('d'), call: () => win('d') },
    { point: 'seamless.rollback.before-commit', setup: () => bet('e'), call: () => rollback('e') },
    { point: 'seamless.rollback.after-commit', setup: () => bet('f'), call: () => rollback('f') },
    { point: 'lottery.slip.before-commit', call: () => slip('before') },
    { point: 'lottery.slip.after-commit', call: () => slip('after') },
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Funds arrive as operator adjustments: one step each, no second operator (the limit is
    // adjustment-approval.medium.test.ts's).
    await setAdjustmentLimit(database.db, NO_SECOND_APPROVAL_MINOR);
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it(
    'keeps each seamless call and slip whole or absent, and each retry finishes it once',
    async () => {
      const nodeId = await addProviderWithGame(database.db, {
        code: VASSALAGE,
        integration: 'http',
        apiSecret: SECRET,
        gameCode: GAME_CODE,
      });
      gameCode = await addTestGame(database.db);
      await lotteryOn(database.db).lottery.tick(new Date());
      drawId = (await openDrawOf(database.db, gameCode)).drawId;

      // Set-up on an ordinary server: a funded member with a game session and open bets.
      server = await startServerProcess(database.url);
      const login = await httpCall(server.baseUrl, 'POST', '/admin/session/login', {
        body: { username: 'operator', password: DEMO_OPERATOR_PASSWORD },
      });
      const username = uniqueUsername('gcrash');
      const registered = await httpCall(server.baseUrl, 'PUT', '/wps/member/register', {
        body: { username, password: 'secret123', confirmPassword: 'secret123' },
      });
      const token = registered.body.value.session.token as string;
      const funded = await httpCall(server.baseUrl, 'POST', '/admin/members/adjust-balance', {
        token: login.body.value.token as string,
        idempotencyKey: `fund-${username}`,
        body: { account: username, amount: FUNDS, reason: 'crash test funds' },
      });
      expect(funded.status).toBe(200);
      const id = (
        await sql<{ id: string }>`SELECT id FROM members WHERE username = ${username}`.execute(
          database.db,
        )
      ).rows[0]?.id as string;
      member = { username, token, id };
      const launched = await httpCall(server.baseUrl, 'POST', '/wps/game/launchGame', {
        token,
        body: { nodeId: Number(nodeId), vassalage: VASSALAGE, language: 'en' },
      });
      const launchToken = new URL(
        launched.body.value.game_url,
        'http://site.test',
      ).searchParams.get('token');
      const opened = await send(server.baseUrl, {
        url: `/seamless/v1/${VASSALAGE}/authenticate`,
        body: { launchToken },
      });
      expect(opened.status).toBe(200);
      sessionId = opened.body.value.sessionId as string;
      for (const scenario of scenarios) {
        if (scenario.setup) expect((await send(server.baseUrl, scenario.setup())).status).toBe(200);
      }
      await server.kill();

      // One start per crash point: the call kills the process (SIGKILL) where it is armed.
      for (const scenario of scenarios) {
        server = await startServerProcess(database.url, { env: { CRASH_AT: scenario.point } });
        await expect(send(server.baseUrl, scenario.call()), scenario.point).rejects.toThrow(
          TypeError,
        );
        expect(await server.exited()).toBe('SIGKILL');
      }

      // What each crash left: all of a step or none of it.
      expect.soft(await walletRows('bet-a')).toBe(0);
      expect.soft(await eventCount('game.bet-placed', 'transactionId', 'bet-a')).toBe(0);
      expect.soft(await walletRows('bet-b')).toBe(1);
      expect.soft(await eventCount('game.bet-placed', 'transactionId', 'bet-b')).toBe(1);
      expect.soft(await walletRows('win-c')).toBe(0);
      expect.soft(await eventCount('round.settled', 'roundRef', 'round-c')).toBe(0);
      expect.soft(await walletRows('win-d')).toBe(1);
      expect.soft(await eventCount('round.settled', 'roundRef', 'round-d')).toBe(1);
      expect.soft(await eventCount('game.win-paid', 'transactionId', 'win-d')).toBe(1);
      expect.soft(await walletRows('rollback-e')).toBe(0);
      expect.soft(await eventCount('game.bet-refunded', 'transactionId', 'rollback-e')).toBe(0);
      expect.soft(await walletRows('rollback-f')).toBe(1);
      expect.soft(await eventCount('game.bet-refunded', 'transactionId', 'rollback-f')).toBe(1);
      expect.soft(await slipRows(slips.before?.slipId as string)).toBe(0);
      expect
        .soft(await eventCount('lottery.slip-placed', 'slipId', slips.before?.slipId as string))
        .toBe(0);
      expect.soft(await slipRows(slips.after?.slipId as string)).toBe(1);
      expect
        .soft(await eventCount('lottery.slip-placed', 'slipId', slips.after?.slipId as string))
        .toBe(1);
      const services = createServices(database.db);
      expect(await services.ledger.reconcile()).toEqual([]);
      expect(await services.seamlessWallet.roundBreaks()).toEqual([]);

      // The ordinary start; every call is retried and answers 200, a second retry the same.
      server = await startServerProcess(database.url);
      const retried = [];
      for (const scenario of scenarios) {
        const answer = await send(server.baseUrl, scenario.call());
        expect(answer.status, scenario.point).toBe(200);
        retried.push(answer.body.value);
      }
      for (const [index, scenario] of scenarios.entries()) {
        const again = await send(server.baseUrl, scenario.call());
        expect(again.body.value, scenario.point).toEqual(retried[index]);
      }

      // Each step once: rows, events and the money.
      for (const round of ['a', 'b', 'c', 'd', 'e', 'f']) {
        expect(await walletRows(`bet-${round}`)).toBe(1);
        expect(await eventCount('game.bet-placed', 'transactionId', `bet-${round}`)).toBe(1);
      }
      for (const round of ['c', 'd']) {
        expect(await eventCount('game.win-paid', 'transactionId', `win-${round}`)).toBe(1);
        expect(await eventCount('round.settled', 'roundRef', `round-${round}`)).toBe(1);
      }
      for (const round of ['e', 'f']) {
        expect(await eventCount('game.bet-refunded', 'transactionId', `rollback-${round}`)).toBe(1);
      }
      for (const name of ['before', 'after']) {
        expect(await slipRows(slips[name]?.slipId as string)).toBe(1);
        expect(
          await eventCount('lottery.slip-placed', 'slipId', slips[name]?.slipId as string),
        ).toBe(1);
      }
      const balance = await httpCall(server.baseUrl, 'GET', '/wps/v2/wallets/balance', { token });
      const expectedMinor =
        FUNDS * 100 - 6 * BET_MINOR + 2 * WIN_MINOR + 2 * BET_MINOR - 2 * SLIP_AMOUNT * 100;
      expect(balance.body.value.sumBalance).toBe(expectedMinor / 100);
      expect(await services.ledger.reconcile()).toEqual([]);
      expect(await services.seamlessWallet.roundBreaks()).toEqual([]);
      await server.kill();
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  /** Starts a jobs server armed at `point` and waits until the settlement kills it. */
  async function settleUntilCrash(point: CrashPointName): Promise<void> {
    try {
      server = await startServerProcess(database.url, {
        env: { CRASH_AT: point, SERVER_ROLES: 'http,jobs' },
      });
    } catch (error) {
      // The tick that starts with the jobs may reach the point before the server answers.
      expect(String(error)).toContain('server exited early');
      return;
    }
    const signal = await Promise.race([
      server.exited(),
      new Promise((resolve) => setTimeout(() => resolve('still running'), SETTLEMENT_WAIT_MS)),
    ]);
    expect(signal, point).toBe('SIGKILL');
  }

  it(
    'settles a drawn draw batch by batch: a crash leaves a batch whole or absent, the next run finishes once',
    async () => {
      const game = await addTestGame(database.db);
      await lotteryOn(database.db).lottery.tick(new Date());
      const draw = await openDrawOf(database.db, game);
      const result = drawHouseResult('DIGIT5', {
        serverSeed: draw.seed as string,
        drawKey: draw.drawKey as string,
      });
      const winning = result.digits?.[0] as string;
      const losing = String((Number(winning) + 1) % 10);
      const { lottery } = lotteryOn(database.db);
      for (const digit of [winning, losing, winning]) {
        await lottery.slips.placeSlip({
          merchantCode: 'DEMO',
          currency: 'VND',
          memberId: BigInt(member.id),
          request: slipBody(game, draw.drawId, [
            {
              betType: 'position_digit',
              numbers: [digit],
              position: 0,
              amountPerPoint: SLIP_AMOUNT,
            },
          ]),
        });
      }
      // Drawn as the scheduler would draw it at its time; the servers below settle it.
      await sql`
        UPDATE lottery_draws SET status = 'drawn', result = ${JSON.stringify(result)}::jsonb,
          drawn_at = now() WHERE id = ${draw.drawId}
      `.execute(database.db);
      const betStatuses = async () =>
        (
          await sql<{ status: string }>`
            SELECT status FROM lottery_bets WHERE draw_id = ${draw.drawId} ORDER BY id
          `.execute(database.db)
        ).rows.map((row) => row.status);
      // One win transfer per winning slip and one event per slip (each slip here has one bet).
      const winTransfers = () =>
        count(sql`SELECT count(*) AS count FROM ledger_transfers t
                  JOIN lottery_slips s ON t.id = 'lottery:win:slip:' || s.id
                  WHERE s.draw_id = ${draw.drawId}`);
      const settledEvents = () =>
        count(sql`SELECT count(*) AS count FROM events e
                  JOIN lottery_slips s ON e.payload ->> 'roundRef' = 'lottery:slip:' || s.id
                  WHERE e.type = 'round.settled' AND s.draw_id = ${draw.drawId}`);

      await settleUntilCrash('lottery.settle-batch.before-commit');
      expect(await betStatuses()).toEqual(['open', 'open', 'open']);
      expect(await winTransfers()).toBe(0);
      expect(await settledEvents()).toBe(0);

      // The bets' outcomes commit first; the slips' wins, rounds and events follow.
      await settleUntilCrash('lottery.settle-batch.after-commit');
      expect(await betStatuses()).toEqual(['won', 'lost', 'won']);
      expect(await winTransfers()).toBe(0);
      expect(await settledEvents()).toBe(0);

      server = await startServerProcess(database.url, { env: { SERVER_ROLES: 'http,jobs' } });
      const deadline = Date.now() + SETTLEMENT_WAIT_MS;
      for (;;) {
        const status = (
          await sql<{
            status: string;
          }>`SELECT status FROM lottery_draws WHERE id = ${draw.drawId}`.execute(database.db)
        ).rows[0]?.status;
        if (status === 'settled') break;
        if (Date.now() > deadline) throw new Error(`draw still ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(await betStatuses()).toEqual(['won', 'lost', 'won']);
      expect(await winTransfers()).toBe(2);
      expect(await settledEvents()).toBe(3);
      const services = createServices(database.db);
      expect(await services.ledger.reconcile()).toEqual([]);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
