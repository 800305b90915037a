import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePlatform, startFakePlatform } from '../../../test/sandbox-fake-platform.js';
import { insertSandboxProvider } from '../../../test/sandbox-provider-fixture.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices, type Services } from '../../services.js';

const SECRET = 'sandbox-medium-test-secret-0123456789abcdef';
const START_BALANCE_MINOR = 10_000;

/**
 * The sandbox provider against a fake platform over real HTTP: the launch page authenticates,
 * rounds are a signed bet then a win, failures are retried with the same transaction id.
 */
describe('sandbox game provider', () => {
  let database: TestDatabase;
  let platform: FakePlatform;
  let services: Services;
  let app: FastifyInstance;
  let tokenCounter = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    platform = await startFakePlatform({ secret: SECRET, balanceMinor: START_BALANCE_MINOR });
    await insertSandboxProvider(database.db, SECRET);
    services = createServices(database.db, { sandboxProviderPlatformUrl: platform.url });
    app = await buildApp({ db: database.db, services });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await platform?.close();
    await database?.drop();
  });

  /** Opens the play page of a game as the site's /game frame would; answers its settings. */
  async function open(gameCode: string, options: { roomId?: string; lang?: string } = {}) {
    tokenCounter += 1;
    const launchToken = `launch-${tokenCounter}`;
    platform.state.gameCode = gameCode;
    platform.state.roomId = options.roomId ?? null;
    platform.issueToken(launchToken);
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox-provider/play?token=${launchToken}&lang=${options.lang ?? 'EN'}`,
    });
    const json = /<script type="application\/json" id="sandbox-config">(.*?)<\/script>/s.exec(
      response.body,
    )?.[1];
    return {
      response,
      config: json ? (JSON.parse(json) as { token: string; hiLoCard: number | null }) : undefined,
    };
  }

  async function round(token: string, body: object) {
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox-provider/api/round',
      headers: { 'x-sandbox-token': token },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() };
  }

  it('the play page spends the launch token (signed authenticate) and may only be framed by the site', async () => {
    const { response, config } = await open('coin-flip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toContain('Coin Flip');
    expect(config?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const call = platform.calls.find((entry) => entry.action === 'authenticate');
    expect(call).toMatchObject({ signatureValid: true, body: { launchToken: 'launch-1' } });
    // The platform's session id never reaches the browser.
    expect(response.body).not.toContain('session-launch-1');

    const script = await app.inject({ method: 'GET', url: '/sandbox-provider/play.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });

  it('a used or unknown launch token gets an error page in the asked language', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/sandbox-provider/play?token=launch-1&lang=VI',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Liên kết trò chơi này đã được dùng hoặc đã hết hạn.');
  });

  it('a round is a bet then a closing win of the same round, with the replay detail', async () => {
    const { config } = await open('coin-flip');
    const before = platform.calls.length;
    const result = await round(config?.token ?? '', {
      game: 'coin-flip',
      stakeMinor: 250,
      side: 'tails',
    });
    expect(result.status).toBe(200);
    const value = result.body.value;
    const [bet, win] = platform.calls.slice(before);
    expect(bet).toMatchObject({
      action: 'bet',
      signatureValid: true,
      body: { amountMinor: 250, gameCode: 'coin-flip', roundId: value.roundId },
    });
    expect(bet?.body.transactionId).toBe(`${value.roundId}-bet`);
    expect(bet?.body.sessionId).toBe(`session-launch-${tokenCounter}`);
    const won = value.outcome.outcome === 'tails';
    expect(value.winMinor).toBe(won ? 490 : 0);
    expect(win).toMatchObject({
      action: 'win',
      signatureValid: true,
      body: {
        transactionId: `${value.roundId}-win`,
        roundId: value.roundId,
        amountMinor: won ? 490 : 0,
        roundClosed: true,
        detail: {
          game: 'coin-flip',
          choice: 'tails',
          outcome: value.outcome.outcome,
          multiplierBp: won ? 19_600 : 0,
          stakeMinor: 250,
        },
      },
    });
    expect(value.balanceMinor).toBe(platform.state.balanceMinor);
    expect(value.pending).toBe(false);
    const stored = await database.db
      .selectFrom('sandbox_provider_rounds')
      .select(['status', 'win_minor'])
      .where('round_id', '=', value.roundId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'settled', win_minor: BigInt(value.winMinor) });
  });

  it('a bet larger than the balance is refused with its own message and no win follows', async () => {
    const { config } = await open('lucky-wheel');
    const before = platform.calls.length;
    const stake = platform.state.balanceMinor + 100;
    const result = await round(config?.token ?? '', { game: 'lucky-wheel', stakeMinor: stake });
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ success: false, errorCode: 'INSUFFICIENT_FUNDS' });
    expect(platform.calls.slice(before).map((call) => call.action)).toEqual(['bet']);
  });

  it('a win that fails is sent again with the same transaction id until it lands', async () => {
    const { config } = await open('dice-duel', { roomId: 'dice-duel-1' });
    platform.faults.push({ action: 'win', status: 503 }, { action: 'win', status: 500 });
    const before = platform.calls.length;
    const result = await round(config?.token ?? '', { game: 'dice-duel', stakeMinor: 100 });
    expect(result.status).toBe(200);
    expect(result.body.value.pending).toBe(false);
    const wins = platform.calls.slice(before).filter((call) => call.action === 'win');
    expect(wins).toHaveLength(3);
    expect(new Set(wins.map((call) => call.body.transactionId)).size).toBe(1);
    expect(new Set(wins.map((call) => call.body.amountMinor)).size).toBe(1);
  });

  it('a win still unanswered after the request is left to the job, which sends the same id', async () => {
    const { config } = await open('coin-flip');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      platform.faults.push({ action: 'win', status: 503 });
    }
    const result = await round(config?.token ?? '', {
      game: 'coin-flip',
      stakeMinor: 100,
      side: 'heads',
    });
    expect(result.status).toBe(200);
    expect(result.body.value.pending).toBe(true);
    const roundId = result.body.value.roundId as string;
    // Not due yet: the job leaves it alone.
    expect(await services.sandboxProvider.retryOwed()).toBe(0);
    await database.db
      .updateTable('sandbox_provider_rounds')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('round_id', '=', roundId)
      .execute();
    expect(await services.sandboxProvider.retryOwed()).toBe(1);
    const wins = platform.calls.filter(
      (call) => call.action === 'win' && call.body.roundId === roundId,
    );
    expect(wins).toHaveLength(4);
    expect(new Set(wins.map((call) => call.body.transactionId))).toEqual(
      new Set([`${roundId}-win`]),
    );
    const stored = await database.db
      .selectFrom('sandbox_provider_rounds')
      .select('status')
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('settled');
  });

  it('a bet with no answer is rolled back (which also stops a late bet) and the player is told', async () => {
    const { config } = await open('coin-flip');
    platform.faults.push({ action: 'bet', status: 502 });
    const before = platform.calls.length;
    const result = await round(config?.token ?? '', {
      game: 'coin-flip',
      stakeMinor: 100,
      side: 'heads',
    });
    expect(result.status).toBe(503);
    expect(result.body.errorCode).toBe('UNAVAILABLE');
    const [bet, rollback, ...rest] = platform.calls.slice(before);
    expect(rest).toEqual([]);
    expect(rollback).toMatchObject({
      action: 'rollback',
      body: { refTransactionId: bet?.body.transactionId, roundId: bet?.body.roundId },
    });
  });

  it('hi-lo plays from the card on the table; dice-duel keeps to its room limits', async () => {
    const { config } = await open('hi-lo');
    const card = config?.hiLoCard as number;
    expect(card).toBeGreaterThanOrEqual(1);
    const guess = card === 13 ? 'lower' : 'higher';
    const result = await round(config?.token ?? '', { game: 'hi-lo', stakeMinor: 100, guess });
    expect(result.status).toBe(200);
    expect(result.body.value.outcome).toMatchObject({ game: 'hi-lo', card, choice: guess });
    const wrongGame = await round(config?.token ?? '', {
      game: 'coin-flip',
      stakeMinor: 100,
      side: 'heads',
    });
    expect(wrongGame.body.errorCode).toBe('BAD_CHOICE');

    // The fake platform plays in USD: the silver table starts at 1.00 (stake-profiles.ts).
    const dice = await open('dice-duel', { roomId: 'dice-duel-2' });
    const tooSmall = await round(dice.config?.token ?? '', { game: 'dice-duel', stakeMinor: 50 });
    expect(tooSmall).toMatchObject({ status: 400, body: { errorCode: 'BAD_STAKE' } });
  });

  it('without a live provider session nothing is sent to the platform', async () => {
    const before = platform.calls.length;
    const result = await round('not-a-real-session-token-at-all', {
      game: 'coin-flip',
      stakeMinor: 100,
      side: 'heads',
    });
    expect(result).toMatchObject({ status: 401, body: { errorCode: 'SESSION_EXPIRED' } });
    expect(platform.calls.length).toBe(before);
  });
});
