import { createHash } from 'node:crypto';
import type { SeamlessAction } from '@app/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import {
  addProviderWithGame,
  availableMinor,
  harnessFor,
  launchToken,
  memberWithSession,
} from '../../../test/seamless-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { GAME_LAUNCH_RATE_LIMIT, LAUNCH_TOKEN_TTL_MS, signedHeaders } from './index.js';

const SECRET = 'launch-test-secret-of-an-outside-provider';

describe('launching games and signed seamless calls', () => {
  const context = useTestApp();
  const games = { http: 0n, builtin: 0n, lobby: 0n };

  async function setUp() {
    const { db } = context.database;
    if (games.http !== 0n) return;
    games.http = await addProviderWithGame(db, {
      code: 'LAUNCH_HTTP',
      integration: 'http',
      apiSecret: SECRET,
      launchUrl: '/launch-http/play',
    });
    games.builtin = await addProviderWithGame(db, {
      code: 'LAUNCH_BUILTIN',
      integration: 'builtin',
      launchUrl: 'https://games.example/play?mode=real',
    });
    games.lobby = await addProviderWithGame(db, {
      code: 'LAUNCH_HTTP',
      integration: 'http',
      apiSecret: SECRET,
      gameCode: 'lobby',
      isGame: 'VASSALAGE',
    });
  }

  const launch = (token: string | undefined, body: Record<string, unknown>) =>
    callApi(context.app, 'POST', '/wps/game/launchGame', { ...(token ? { token } : {}), body });

  function post(
    vassalage: string,
    action: string,
    rawBody: string,
    headers: Record<string, string>,
  ) {
    return context.app.inject({
      method: 'POST',
      url: `/seamless/v1/${vassalage}/${action}`,
      headers,
      payload: rawBody,
    });
  }

  it('answers a game URL with a single-use token, stored hashed, and records the recent game', async () => {
    await setUp();
    const { db } = context.database;
    const { memberId, token } = await memberWithSession(db, 0n);
    const response = await launch(token, {
      nodeId: Number(games.http),
      vassalage: 'LAUNCH_HTTP',
      language: 'vi',
      accountType: 1,
      confirmTrans: 0,
      launchMode: 'GLS',
      clientType: 3,
      platform: 'html5-desktop',
    });
    expect(response.status).toBe(200);
    const url = new URL(response.body.value.game_url, 'http://site.test');
    expect(url.pathname).toBe('/launch-http/play');
    expect(url.searchParams.get('lang')).toBe('VI');
    const launchTokenValue = url.searchParams.get('token') ?? '';
    expect(launchTokenValue).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(launchTokenValue).not.toBe(token);
    const stored = await sql<{ token_hash: string; expires_at: Date; created_at: Date }>`
      SELECT token_hash, expires_at, created_at FROM game_launch_tokens WHERE member_id = ${memberId.toString()}
    `.execute(db);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.token_hash).toBe(
      createHash('sha256').update(launchTokenValue).digest('hex'),
    );
    const ttl =
      (stored.rows[0]?.expires_at.getTime() ?? 0) - (stored.rows[0]?.created_at.getTime() ?? 0);
    expect(Math.abs(ttl - LAUNCH_TOKEN_TTL_MS)).toBeLessThan(5_000);

    // A launch URL with a query keeps it.
    const builtin = await launch(token, {
      nodeId: Number(games.builtin),
      vassalage: 'LAUNCH_BUILTIN',
    });
    expect(builtin.body.value.game_url).toMatch(
      /^https:\/\/games\.example\/play\?mode=real&token=[A-Za-z0-9_-]{43}&lang=EN$/,
    );
    await launch(token, { nodeId: Number(games.http), vassalage: 'LAUNCH_HTTP' });
    const recent = await sql<{ node_id: bigint; launches: number }>`
      SELECT node_id, launches FROM member_recent_games WHERE member_id = ${memberId.toString()} ORDER BY node_id
    `.execute(db);
    expect(recent.rows).toEqual([
      { node_id: BigInt(games.http), launches: 2 },
      { node_id: BigInt(games.builtin), launches: 1 },
    ]);
  });

  it('needs a session, lets trial accounts play, and checks the game', async () => {
    await setUp();
    const { db } = context.database;
    const guest = await launch(undefined, { nodeId: Number(games.http), vassalage: 'LAUNCH_HTTP' });
    expect(guest.status).toBe(401);
    expect(guest.body.errorCode).toBe('SESSION_REQUIRED');

    const demo = await callApi(context.app, 'POST', '/wps/session/login/freeplay', {
      body: { os: 'Linux', platform: 'W' },
    });
    const trial = await launch(demo.body.value.token, {
      nodeId: Number(games.http),
      vassalage: 'LAUNCH_HTTP',
    });
    expect(trial.status).toBe(200);

    const { token } = await memberWithSession(db, 0n);
    const refused = async (body: Record<string, unknown>, errorCode: string) => {
      const response = await launch(token, body);
      expect(response.body.errorCode).toBe(errorCode);
    };
    await refused({ nodeId: 999_999, vassalage: 'LAUNCH_HTTP' }, 'GAME_UNAVAILABLE');
    await refused({ nodeId: Number(games.http), vassalage: 'LAUNCH_BUILTIN' }, 'GAME_UNAVAILABLE');
    await refused({ nodeId: Number(games.lobby), vassalage: 'LAUNCH_HTTP' }, 'GAME_NOT_LAUNCHABLE');
    await sql`UPDATE game_providers SET enabled = false WHERE code = 'LAUNCH_BUILTIN'`.execute(db);
    await refused(
      { nodeId: Number(games.builtin), vassalage: 'LAUNCH_BUILTIN' },
      'GAME_UNAVAILABLE',
    );
    await sql`UPDATE game_providers SET enabled = true WHERE code = 'LAUNCH_BUILTIN'`.execute(db);
    await sql`UPDATE games SET enabled = false WHERE node_id = ${games.builtin.toString()}`.execute(
      db,
    );
    await refused(
      { nodeId: Number(games.builtin), vassalage: 'LAUNCH_BUILTIN' },
      'GAME_UNAVAILABLE',
    );
    await sql`UPDATE games SET enabled = true WHERE node_id = ${games.builtin.toString()}`.execute(
      db,
    );
    // Another merchant's game is no game here.
    const other = await callApi(context.app, 'POST', '/wps/game/launchGame', {
      token,
      merchant: 'NOPE',
      body: { nodeId: Number(games.http), vassalage: 'LAUNCH_HTTP' },
    });
    expect(other.status).toBe(404);
  });

  it('limits launches per member', async () => {
    await setUp();
    const { token } = await memberWithSession(context.database.db, 0n);
    for (let launchNo = 0; launchNo < GAME_LAUNCH_RATE_LIMIT.limit; launchNo += 1) {
      expect(
        (await launch(token, { nodeId: Number(games.http), vassalage: 'LAUNCH_HTTP' })).status,
      ).toBe(200);
    }
    const limited = await launch(token, { nodeId: Number(games.http), vassalage: 'LAUNCH_HTTP' });
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe('RATE_LIMITED');
  });

  it('documents the seamless calls in OpenAPI', async () => {
    const docs = await context.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys(docs.json().paths);
    for (const action of ['authenticate', 'balance', 'bet', 'win', 'rollback']) {
      expect(paths).toContain(`/seamless/v1/{vassalage}/${action}`);
    }
  });

  it('prunes old launch tokens', async () => {
    await setUp();
    const { db } = context.database;
    const { token } = await memberWithSession(db, 0n);
    await launchToken(context.app, token, { nodeId: games.http, vassalage: 'LAUNCH_HTTP' });
    await sql`UPDATE game_launch_tokens SET expires_at = now() - interval '2 days'`.execute(db);
    const { launches } = createServices(db);
    await launches.prune();
    const left = await sql<{
      count: bigint;
    }>`SELECT count(*) AS count FROM game_launch_tokens`.execute(db);
    expect(left.rows[0]?.count).toBe(0n);
  });

  it('refuses expired launch tokens and tokens of another provider, which stay unspent', async () => {
    await setUp();
    const { db } = context.database;
    const { token } = await memberWithSession(db, 0n);
    const body = (launchTokenValue: string) => JSON.stringify({ launchToken: launchTokenValue });
    // A token of LAUNCH_HTTP shown by another provider is refused and not spent.
    await sql`
      INSERT INTO game_providers (code, name, integration, wallet_mode, launch_url, api_secret)
      VALUES ('OTHER_HTTP', 'Other', 'http', 'seamless', '/other/play', ${SECRET})
    `.execute(db);
    const own = await launchToken(context.app, token, {
      nodeId: games.http,
      vassalage: 'LAUNCH_HTTP',
    });
    const stolen = await post(
      'OTHER_HTTP',
      'authenticate',
      body(own),
      signedHeaders(SECRET, body(own)),
    );
    expect(stolen.json()).toMatchObject({ success: false, errorCode: 'SEAMLESS_TOKEN_INVALID' });
    const rightful = await post(
      'LAUNCH_HTTP',
      'authenticate',
      body(own),
      signedHeaders(SECRET, body(own)),
    );
    expect(rightful.json()).toMatchObject({ success: true });
    const expired = await launchToken(context.app, token, {
      nodeId: games.http,
      vassalage: 'LAUNCH_HTTP',
    });
    await sql`UPDATE game_launch_tokens SET expires_at = now() - interval '1 second'`.execute(db);
    const late = await post(
      'LAUNCH_HTTP',
      'authenticate',
      body(expired),
      signedHeaders(SECRET, body(expired)),
    );
    expect(late.json()).toMatchObject({ success: false, errorCode: 'SEAMLESS_TOKEN_INVALID' });
    expect(late.statusCode).toBe(401);
  });

  it('refuses unsigned, badly signed, stale and tampered calls, and builtin providers over HTTP', async () => {
    await setUp();
    const rawBody = JSON.stringify({ sessionId: 'z'.repeat(43) });
    const expectRefused = async (
      response: Awaited<ReturnType<typeof post>>,
      status: number,
      errorCode: string,
    ) => {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ success: false, errorCode });
    };
    // Correctly signed: reaches the wallet (an unknown session).
    await expectRefused(
      await post('LAUNCH_HTTP', 'balance', rawBody, signedHeaders(SECRET, rawBody)),
      401,
      'SEAMLESS_SESSION_INVALID',
    );
    await expectRefused(
      await post('LAUNCH_HTTP', 'balance', rawBody, { 'content-type': 'application/json' }),
      401,
      'SEAMLESS_SIGNATURE_INVALID',
    );
    await expectRefused(
      await post('LAUNCH_HTTP', 'balance', rawBody, signedHeaders('another-secret', rawBody)),
      401,
      'SEAMLESS_SIGNATURE_INVALID',
    );
    const tampered = signedHeaders(SECRET, rawBody);
    await expectRefused(
      await post('LAUNCH_HTTP', 'balance', rawBody.replace('zzz', 'zzy'), tampered),
      401,
      'SEAMLESS_SIGNATURE_INVALID',
    );
    // The same JSON with other spacing is other bytes: the signature covers the raw body.
    await expectRefused(
      await post('LAUNCH_HTTP', 'balance', rawBody.replace(':', ': '), tampered),
      401,
      'SEAMLESS_SIGNATURE_INVALID',
    );
    for (const skewMs of [-301_000, 301_000]) {
      await expectRefused(
        await post(
          'LAUNCH_HTTP',
          'balance',
          rawBody,
          signedHeaders(SECRET, rawBody, Date.now() + skewMs),
        ),
        401,
        'SEAMLESS_SIGNATURE_INVALID',
      );
    }
    await expectRefused(
      await post('NO_SUCH_PROVIDER', 'balance', rawBody, signedHeaders(SECRET, rawBody)),
      401,
      'SEAMLESS_SIGNATURE_INVALID',
    );
    await expectRefused(
      await post('LAUNCH_BUILTIN', 'balance', rawBody, signedHeaders(SECRET, rawBody)),
      403,
      'FORBIDDEN',
    );
    const unknownAction = await post(
      'LAUNCH_HTTP',
      'steal',
      rawBody,
      signedHeaders(SECRET, rawBody),
    );
    expect(unknownAction.statusCode).toBe(404);
    // Signed but not the protocol's shape.
    const wrongShape = JSON.stringify({ sessionId: 5 });
    await expectRefused(
      await post('LAUNCH_HTTP', 'balance', wrongShape, signedHeaders(SECRET, wrongShape)),
      400,
      'VALIDATION_FAILED',
    );
  });

  describe('balances near 2^53 - 1 minor units, over signed HTTP', () => {
    /** A member whose cash came from outside the game wallet, and a session of the http game. */
    async function richPlayer(fundsMinor: bigint) {
      await setUp();
      const { db } = context.database;
      const harness = harnessFor(context.app, db, signedInject, games.http);
      const { memberId, launchToken: token } = await harness.newPlayer(fundsMinor);
      const auth = await call('authenticate', { launchToken: token });
      return { memberId, sessionId: auth.body.value?.sessionId as string, auth, harness };
    }

    const signedInject = {
      vassalage: 'LAUNCH_HTTP',
      async call(action: SeamlessAction, body: Record<string, unknown>) {
        const answer = await call(action, body);
        return answer.body.success
          ? { ok: true as const, value: answer.body.value }
          : { ok: false as const, status: answer.status, errorCode: answer.body.errorCode };
      },
    };

    async function call(action: SeamlessAction, body: Record<string, unknown>) {
      const rawBody = JSON.stringify(body);
      const response = await post('LAUNCH_HTTP', action, rawBody, signedHeaders(SECRET, rawBody));
      return { status: response.statusCode, body: response.json() };
    }

    it('refuses a win that would pass 2^53 - 1 (409, nothing moves), and the member plays on', async () => {
      const { db } = context.database;
      const fundsMinor = BigInt(Number.MAX_SAFE_INTEGER) - 500n;
      const { memberId, sessionId, auth, harness } = await richPlayer(fundsMinor);
      expect(auth.body.value.balanceMinor).toBe(Number(fundsMinor));
      const money = { sessionId, roundId: 'big-round', gameCode: 'coin-flip' };
      const bet = await call('bet', { ...money, transactionId: 'big-bet', amountMinor: 100 });
      expect(bet).toMatchObject({
        status: 200,
        body: { value: { balanceMinor: Number(fundsMinor) - 100 } },
      });
      const win = { sessionId, roundId: 'big-round', roundClosed: true, amountMinor: 1_000 };
      const refused = await call('win', { ...win, transactionId: 'big-win' });
      expect(refused).toMatchObject({ status: 409, body: { errorCode: 'SEAMLESS_BALANCE_LIMIT' } });
      expect(await availableMinor(db, memberId)).toBe(fundsMinor - 100n);
      // Every later call answers exactly: nothing is wedged.
      const balance = await call('balance', { sessionId });
      expect(balance).toMatchObject({
        status: 200,
        body: { value: { balanceMinor: Number(fundsMinor) - 100 } },
      });
      const loss = await call('win', { ...win, transactionId: 'big-loss', amountMinor: 0 });
      expect(loss).toMatchObject({
        status: 200,
        body: { value: { balanceMinor: Number(fundsMinor) - 100 } },
      });
      const next = await call('bet', {
        ...money,
        roundId: 'big-round-2',
        transactionId: 'big-bet-2',
        amountMinor: 100,
      });
      expect(next).toMatchObject({
        status: 200,
        body: { value: { balanceMinor: Number(fundsMinor) - 200 } },
      });
      expect(await availableMinor(db, memberId)).toBe(fundsMinor - 200n);
      expect(await harness.breaks()).toEqual([]);
    });

    it('answers a balance past 2^53 - 1 with a stable refusal, and debits no bet it cannot answer', async () => {
      const { db } = context.database;
      const { memberId, sessionId, harness } = await richPlayer(1_000n);
      // Credited outside the game wallet (its own credits stop far below).
      const { ledger } = createServices(db);
      const [wallet, source] = await Promise.all([
        ledger.memberAccount({
          merchantCode: BASE_MERCHANT_CODE,
          memberId,
          asset: 'cash',
          currency: 'VND',
        }),
        ledger.systemAccount({
          merchantCode: BASE_MERCHANT_CODE,
          code: 'clearing:test',
          asset: 'cash',
          currency: 'VND',
        }),
      ]);
      await ledger.transfer({
        id: `past-safe-${memberId}`,
        debitAccountId: source,
        creditAccountId: wallet,
        amountMinor: BigInt(Number.MAX_SAFE_INTEGER),
        code: 'deposit',
      });
      const fundsMinor = BigInt(Number.MAX_SAFE_INTEGER) + 1_000n;
      const balance = await call('balance', { sessionId });
      expect(balance).toMatchObject({ status: 409, body: { errorCode: 'SEAMLESS_BALANCE_LIMIT' } });
      const bet = {
        sessionId,
        roundId: 'past-round',
        gameCode: 'coin-flip',
        transactionId: 'past-bet',
        amountMinor: 100,
      };
      for (const attempt of [1, 2]) {
        const refused = await call('bet', bet);
        expect(refused, `attempt ${attempt}`).toMatchObject({
          status: 409,
          body: { errorCode: 'SEAMLESS_BALANCE_LIMIT' },
        });
      }
      expect(await availableMinor(db, memberId)).toBe(fundsMinor);
      expect(await harness.breaks()).toEqual([]);
    });
  });
});
