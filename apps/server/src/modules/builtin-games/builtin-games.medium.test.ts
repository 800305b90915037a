import { BUILTIN_VASSALAGE } from '@app/contract';
import { fairFloats, fairRandomSource, hashServerSeed, intBelow } from '@app/game-math';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { availableMinor, launchToken, memberWithSession } from '../../../test/seamless-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { createCatalogueWriter } from '../games/index.js';
import { createEngineRounds } from '../providers/index.js';
import { builtinGameHandlers } from './games/index.js';
import {
  BUILTIN_STEPPED_ROUND_ABANDON_AFTER_MS,
  createBuiltinGamesService,
  hashGameSession,
} from './service.js';
import {
  TEST_INSTANT_GAME,
  TEST_STEPPED_GAME,
  testInstantHandler,
  testSteppedHandler,
} from './test/test-handlers.js';

builtinGameHandlers.push(testInstantHandler, testSteppedHandler);

const API = '/wps/builtin';

describe('built-in games engine', () => {
  const context = useTestApp();
  const nodes: Record<string, bigint> = {};

  beforeAll(async () => {
    const games = createCatalogueWriter(context.database.db);
    for (const gameCode of [TEST_INSTANT_GAME, TEST_STEPPED_GAME]) {
      const nodeId = await games.ensureGame({
        merchantCode: BASE_MERCHANT_CODE,
        vassalage: BUILTIN_VASSALAGE,
        gameCode,
        gameType: 'INHOUSE',
        iconUrl: '/icons/test.svg',
        texts: { EN: { name: `Test ${gameCode}` }, VI: { name: `Thử ${gameCode}` } },
      });
      nodes[gameCode] = BigInt(nodeId);
    }
  });

  const post = (path: string, body: unknown) =>
    callApi(context.app, 'POST', `${API}${path}`, { body });

  /** A funded member with an open game session of `gameCode`. */
  async function player(fundsMinor: bigint, gameCode = TEST_INSTANT_GAME) {
    const { db } = context.database;
    const { memberId, token } = await memberWithSession(db, fundsMinor);
    const launch = await launchToken(context.app, token, {
      nodeId: nodes[gameCode] ?? 0n,
      vassalage: BUILTIN_VASSALAGE,
    });
    const opened = await post('/session/open', { launchToken: launch });
    expect(opened.status).toBe(200);
    return {
      memberId,
      siteToken: token,
      gameSession: opened.body.value.gameSession as string,
      opened,
    };
  }

  /**
   * The engine whose next round transactions fail just before they commit (as if the process
   * died there): everything in them must roll back together.
   */
  async function crashingEngine(clock: { nowMs: number }) {
    const { db } = context.database;
    const services = createServices(db);
    const crash = { beforeCommit: 0 };
    /** Fails the transaction just before its commit while `crash.beforeCommit` counts. */
    const failingBeforeCommit = <T>(work: (trx: typeof db) => Promise<T>) =>
      db.transaction().execute(async (trx) => {
        const result = await work(trx);
        if (crash.beforeCommit > 0) {
          crash.beforeCommit -= 1;
          throw new Error('process died before the commit');
        }
        return result;
      });
    const engine = createBuiltinGamesService(db, {
      wallet: services.seamlessWallet,
      walletSessionOwner: (id) => services.seamlessWallet.sessionOwner(id),
      ledger: services.ledger,
      engineRounds: createEngineRounds(),
      gameEntries: services.gameEntries,
      unitOfWork: failingBeforeCommit,
      // The instant round's one statement, in a transaction that fails before its commit.
      playInstant: (input, playWith) => failingBeforeCommit((trx) => playWith(trx, input)),
      now: () => clock.nowMs,
    });
    const merchant = await services.system.resolveMerchant({ code: BASE_MERCHANT_CODE });
    return { engine, crash, merchant, services };
  }

  let roundCounter = 0;
  const play = (gameSession: string, params: unknown, clientRoundId?: string) => {
    roundCounter += 1;
    return post('/play', {
      gameSession,
      clientRoundId: clientRoundId ?? `round-${roundCounter}`,
      params,
    });
  };

  it('opens a session once per launch token and answers what the shell needs', async () => {
    const { db } = context.database;
    const { memberId, token } = await memberWithSession(db, 10_000n);
    const launch = await launchToken(context.app, token, {
      nodeId: nodes[TEST_INSTANT_GAME] ?? 0n,
      vassalage: BUILTIN_VASSALAGE,
    });
    const opened = await post('/session/open', { launchToken: launch });
    expect(opened.status).toBe(200);
    const value = opened.body.value;
    expect(value).toMatchObject({
      gameCode: TEST_INSTANT_GAME,
      gameName: `Test ${TEST_INSTANT_GAME}`,
      balance: 100,
      limits: { minStake: 0.1, maxStake: 1000, maxPayout: 100000 },
      settings: { autoplayAllowed: false, turboAllowed: false },
      resumeRound: null,
    });
    expect(value.seeds.nonce).toBe(0);
    expect(value.seeds.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(value.seeds.nextServerSeedHash).not.toBe(value.seeds.serverSeedHash);
    // The session is stored hashed, and the active server seed is nowhere in the answer.
    const stored = await sql<{ token_hash: string }>`
      SELECT token_hash FROM builtin_game_sessions WHERE member_id = ${memberId.toString()}
    `.execute(db);
    expect(stored.rows[0]?.token_hash).toBe(hashGameSession(value.gameSession));
    const seeds = await sql<{ server_seed: string }>`
      SELECT server_seed FROM builtin_seed_pairs WHERE member_id = ${memberId.toString()}
    `.execute(db);
    for (const row of seeds.rows) expect(JSON.stringify(value)).not.toContain(row.server_seed);

    const again = await post('/session/open', { launchToken: launch });
    expect(again.status).toBe(401);
    expect(again.body.errorCode).toBe('BUILTIN_SESSION_INVALID');
    const reloaded = await post('/session', { gameSession: value.gameSession });
    expect(reloaded.status).toBe(200);
    expect(reloaded.body.value.seeds).toEqual(value.seeds);
    const unknown = await post('/session', { gameSession: 'not-a-session' });
    expect(unknown.body.errorCode).toBe('BUILTIN_SESSION_INVALID');
  });

  it('documents its calls in OpenAPI', async () => {
    const document = (await context.app.inject('/docs/json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([`${API}/session/open`, `${API}/play`, `${API}/seeds/rotate`]),
    );
  });

  it('takes nonces in order, and rotating reveals the seed every round recomputes from', async () => {
    const { gameSession, opened } = await player(100_000n);
    const before = opened.body.value.seeds;
    const rounds = [];
    for (let i = 0; i < 3; i++) {
      const answer = await play(gameSession, { stake: 1, multiplier: 2 });
      expect(answer.status).toBe(200);
      rounds.push(answer.body.value.round);
    }
    expect(rounds.map((round) => round.proof.nonce)).toEqual([0, 1, 2]);
    for (const round of rounds) {
      expect(round.proof.serverSeed).toBeNull();
      expect(round.proof.serverSeedHash).toBe(before.serverSeedHash);
      expect(round).toMatchObject({ status: 'settled', stake: 1, payout: 2, payoutCapped: false });
    }

    const rotated = await post('/seeds/rotate', { gameSession });
    expect(rotated.status).toBe(200);
    const { revealed, seeds } = rotated.body.value;
    expect(hashServerSeed(revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(revealed).toMatchObject({ clientSeed: before.clientSeed, nonce: 3 });
    expect(seeds.serverSeedHash).toBe(before.nextServerSeedHash);
    expect(seeds.nonce).toBe(0);
    expect(seeds.clientSeed).toBe(before.clientSeed);

    const history = await post('/history', { gameSession });
    expect(history.body.value.totalCount).toBe(3);
    const listed = history.body.value.list;
    expect(listed.map((round: { proof: { nonce: number } }) => round.proof.nonce)).toEqual([
      2, 1, 0,
    ]);
    for (const round of listed) {
      expect(round.proof.serverSeed).toBe(revealed.serverSeed);
      const [float] = fairFloats(
        {
          serverSeed: revealed.serverSeed,
          clientSeed: revealed.clientSeed,
          nonce: round.proof.nonce,
        },
        1,
      );
      expect(round.detail.outcome).toEqual({ float });
    }

    const custom = await post('/seeds/client', { gameSession, clientSeed: 'my-lucky-seed' });
    expect(custom.status).toBe(200);
    expect(custom.body.value.seeds.clientSeed).toBe('my-lucky-seed');
    expect(custom.body.value.revealed.serverSeedHash).toBe(seeds.serverSeedHash);
    const next = await play(gameSession, { stake: 1, multiplier: 0 });
    expect(next.body.value.round.proof).toMatchObject({
      clientSeed: 'my-lucky-seed',
      nonce: 0,
      serverSeedHash: custom.body.value.seeds.serverSeedHash,
    });
    const badSeed = await post('/seeds/client', { gameSession, clientSeed: 'has space' });
    expect(badSeed.status).toBe(400);
    const longSeed = await post('/seeds/client', { gameSession, clientSeed: 'x'.repeat(65) });
    expect(longSeed.status).toBe(400);
  });

  it('replays a retried round and refuses the same id with other params', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(10_000n);
    const first = await play(gameSession, { stake: 5, multiplier: 3 }, 'same-id');
    const retry = await play(gameSession, { stake: 5, multiplier: 3 }, 'same-id');
    expect(retry.status).toBe(200);
    expect(retry.body.value.round).toEqual(first.body.value.round);
    // 100.00 - 5.00 + 15.00, once.
    expect(await availableMinor(db, memberId)).toBe(11_000n);
    const conflict = await play(gameSession, { stake: 6, multiplier: 3 }, 'same-id');
    expect(conflict.status).toBe(409);
    expect(conflict.body.errorCode).toBe('BUILTIN_ROUND_CONFLICT');
  });

  it('refuses a round the balance cannot pay without storing one, and a retry answers the same', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(100n);
    const refused = await play(gameSession, { stake: 2, multiplier: 5 }, 'too-much');
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('BUILTIN_INSUFFICIENT_FUNDS');
    const again = await play(gameSession, { stake: 2, multiplier: 5 }, 'too-much');
    expect(again.body.errorCode).toBe('BUILTIN_INSUFFICIENT_FUNDS');
    expect(await availableMinor(db, memberId)).toBe(100n);
    const rows = await sql`
      SELECT id FROM builtin_rounds WHERE member_id = ${memberId.toString()}
    `.execute(db);
    expect(rows.rows).toEqual([]);
    // No nonce was taken either.
    expect((await post('/seeds', { gameSession })).body.value.nonce).toBe(0);
  });

  it('refuses the round of two sent at once that the balance cannot pay, storing only the other', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(300n);
    // Each stake is 2.00 of 3.00: whichever locks second finds 1.00 and is refused whole.
    const answers = await Promise.all([
      play(gameSession, { stake: 2, multiplier: 0 }, 'race-a'),
      play(gameSession, { stake: 2, multiplier: 0 }, 'race-b'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.errorCode).toBe(
      'BUILTIN_INSUFFICIENT_FUNDS',
    );
    expect(await availableMinor(db, memberId)).toBe(100n);
    const rows = await sql<{ status: string; nonce: number }>`
      SELECT status, nonce FROM builtin_rounds WHERE member_id = ${memberId.toString()}
    `.execute(db);
    expect(rows.rows).toEqual([{ status: 'settled', nonce: 0 }]);
    expect((await post('/seeds', { gameSession })).body.value.nonce).toBe(1);
  });

  it('stores params as parsed: unknown keys are refused by name, big bodies by size, nothing kept', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(10_000n);
    const extra = await play(gameSession, { stake: 1, multiplier: 1, note: 'x'.repeat(1000) });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({
      errorCode: 'BUILTIN_PARAMS_INVALID',
      details: { field: 'params.note' },
    });
    // Once a misleading 404 (the wallet's 16 KB detail limit); now the body never gets that far.
    const huge = await play(gameSession, { stake: 1, multiplier: 1, note: 'x'.repeat(17_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.errorCode).toBe('PAYLOAD_TOO_LARGE');
    const outside = await post('/play', {
      gameSession,
      clientRoundId: 'outside',
      params: { stake: 1, multiplier: 1 },
      note: 'x',
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errorCode).toBe('VALIDATION_FAILED');
    const broke = await player(0n);
    const trial = await play(broke.gameSession, { stake: 1, multiplier: 1, note: 'x' });
    expect(trial.body.errorCode).toBe('BUILTIN_PARAMS_INVALID');
    const none = await sql`
      SELECT id FROM builtin_rounds WHERE member_id IN (${memberId.toString()}, ${broke.memberId.toString()})
    `.execute(db);
    expect(none.rows).toEqual([]);

    const played = await play(gameSession, { multiplier: 2, stake: 1 });
    expect(played.status).toBe(200);
    const stored = await sql<{ params: unknown }>`
      SELECT params FROM builtin_rounds WHERE member_id = ${memberId.toString()}
    `.execute(db);
    expect(stored.rows).toEqual([{ params: { stake: 1, multiplier: 2 } }]);
  });

  it('refuses stakes and params outside the limits, and caps the payout', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(100_000n);
    const low = await play(gameSession, { stake: 0.05, multiplier: 1 });
    expect(low.status).toBe(400);
    expect(low.body.errorCode).toBe('BUILTIN_STAKE_OUT_OF_RANGE');
    const bad = await play(gameSession, { stake: 'one', multiplier: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('BUILTIN_PARAMS_INVALID');
    expect(await availableMinor(db, memberId)).toBe(100_000n);

    // The merchant's own limits (the app caches merchants, so the engine is called directly).
    const { engine, merchant } = await crashingEngine({ nowMs: Date.now() });
    const limited = {
      ...merchant,
      builtinGames: {
        ...merchant.builtinGames,
        limits: { [TEST_INSTANT_GAME]: { maxStakeMinor: 1000, maxPayoutMinor: 500 } },
      },
    };
    await expect(
      engine.play(gameSession, limited, {
        clientRoundId: 'high',
        params: { stake: 20, multiplier: 1 },
      }),
    ).rejects.toMatchObject({ errorCode: 'BUILTIN_STAKE_OUT_OF_RANGE' });
    const big = await engine.play(gameSession, limited, {
      clientRoundId: 'capped',
      params: { stake: 1, multiplier: 10 },
    });
    expect(big.round).toMatchObject({ stake: 1, payout: 5, payoutCapped: true });
    expect(await availableMinor(db, memberId)).toBe(100_400n);
    const session = await engine.session(gameSession, limited);
    expect(session.limits).toEqual({ minStake: 0.1, maxStake: 10, maxPayout: 5 });
  });

  it('lets a trial account play with its demo cash', async () => {
    const demo = await callApi(context.app, 'POST', '/wps/session/login/freeplay', {
      body: { os: 'Linux', platform: 'W' },
    });
    expect(demo.status).toBe(200);
    const launch = await launchToken(context.app, demo.body.value.token, {
      nodeId: nodes[TEST_INSTANT_GAME] ?? 0n,
      vassalage: BUILTIN_VASSALAGE,
    });
    const opened = await post('/session/open', { launchToken: launch });
    expect(opened.status).toBe(200);
    const startBalance = opened.body.value.balance as number;
    expect(startBalance).toBeGreaterThan(1);
    const answer = await play(opened.body.value.gameSession, { stake: 1, multiplier: 0 });
    expect(answer.status).toBe(200);
    expect(answer.body.value.balance).toBeCloseTo(startBalance - 1, 2);
  });

  it('puts every round in the betting record with its detail', async () => {
    const { db } = context.database;
    const { siteToken, gameSession } = await player(10_000n);
    const answer = await play(gameSession, { stake: 2, multiplier: 3 });
    const round = answer.body.value.round;
    const record = await sql<{
      id: bigint;
      stake_minor: bigint;
      win_minor: bigint;
      status: string;
      detail: unknown;
    }>`
      SELECT id, stake_minor, win_minor, status, detail FROM game_rounds
      WHERE vassalage = ${BUILTIN_VASSALAGE} AND round_ref = ${round.roundId}
    `.execute(db);
    expect(record.rows).toHaveLength(1);
    expect(record.rows[0]).toMatchObject({
      stake_minor: 200n,
      win_minor: 600n,
      status: 'settled',
    });
    expect(record.rows[0]?.detail).toMatchObject({
      params: { stake: 2, multiplier: 3 },
      outcome: round.detail.outcome,
    });
    const last = await callApi(context.app, 'GET', '/wps/member/game-records/last', {
      token: siteToken,
    });
    expect(last.status).toBe(200);
    expect(JSON.stringify(last.body.value)).toContain(round.roundId);
  });

  it("never shows a member another member's rounds", async () => {
    const alice = await player(10_000n, TEST_STEPPED_GAME);
    const bob = await player(10_000n, TEST_STEPPED_GAME);
    const started = await play(alice.gameSession, { stake: 1 });
    expect(started.status).toBe(200);
    const roundId = started.body.value.round.roundId;
    const stolen = await post('/act', {
      gameSession: bob.gameSession,
      roundId,
      step: 0,
      action: { type: 'cashOut' },
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.errorCode).toBe('BUILTIN_ROUND_NOT_FOUND');
    const history = await post('/history', { gameSession: bob.gameSession });
    expect(history.body.value.totalCount).toBe(0);
    const cashOut = await post('/act', {
      gameSession: alice.gameSession,
      roundId,
      step: 0,
      action: { type: 'cashOut' },
    });
    expect(cashOut.body.value.round).toMatchObject({ status: 'settled', payout: 1 });
  });

  it('plays a stepped round: hidden outcome while open, retried steps replay, one round at a time', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(10_000n, TEST_STEPPED_GAME);
    const started = await play(gameSession, { stake: 1 });
    const round = started.body.value.round;
    expect(round).toMatchObject({ status: 'open', detail: { outcome: null } });
    const second = await play(gameSession, { stake: 1 });
    expect(second.body.errorCode).toBe('BUILTIN_ROUND_IN_PROGRESS');
    const trap = await sql<{ outcome: { trapAt: number } }>`
      SELECT outcome FROM builtin_rounds WHERE id = ${round.roundId}
    `.execute(db);
    const trapAt = trap.rows[0]?.outcome.trapAt ?? 0;
    // The trap is where the seeds put it.
    const revealedLater = await post('/seeds/rotate', { gameSession });
    const { serverSeed, clientSeed } = revealedLater.body.value.revealed;
    expect(
      intBelow(fairRandomSource({ serverSeed, clientSeed, nonce: round.proof.nonce }), 5) + 1,
    ).toBe(trapAt);

    const act = (step: number, type: 'step' | 'cashOut') =>
      post('/act', { gameSession, roundId: round.roundId, step, action: { type } });
    if (trapAt > 1) {
      const stepped = await act(0, 'step');
      expect(stepped.body.value.round.status).toBe('open');
      const retried = await act(0, 'step');
      expect(retried.body.value.round).toEqual(stepped.body.value.round);
      const otherAction = await act(0, 'cashOut');
      expect(otherAction.status).toBe(409);
      expect(otherAction.body.errorCode).toBe('BUILTIN_STEP_ACTION_CONFLICT');
      const skipped = await act(5, 'step');
      expect(skipped.body.errorCode).toBe('BUILTIN_STEP_CONFLICT');
      const cashed = await act(1, 'cashOut');
      expect(cashed.body.value.round).toMatchObject({ status: 'settled', payout: 2 });
      expect(cashed.body.value.round.detail.outcome).toEqual({ trapAt });
      expect(await availableMinor(db, memberId)).toBe(10_100n);
    } else {
      const trapped = await act(0, 'step');
      expect(trapped.body.value.round).toMatchObject({ status: 'settled', payout: 0 });
      expect(await availableMinor(db, memberId)).toBe(9_900n);
    }
    const late = await act(9, 'cashOut');
    expect(late.status).toBe(409);
  });

  it('opens one stepped round of two sent at once', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(10_000n, TEST_STEPPED_GAME);
    const answers = await Promise.all([
      play(gameSession, { stake: 1 }, 'twin-a'),
      play(gameSession, { stake: 1 }, 'twin-b'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.errorCode).toBe('BUILTIN_ROUND_IN_PROGRESS');
    expect(await availableMinor(db, memberId)).toBe(9_900n);
    const seeds = await post('/seeds', { gameSession });
    // The refused one took no nonce.
    expect(seeds.body.value.nonce).toBe(1);
  });

  describe('interrupted rounds', () => {
    it('an instant round is one transaction: a crash before its commit leaves nothing, the retry plays it once', async () => {
      const { db } = context.database;
      const clock = { nowMs: Date.now() };
      const { engine, crash, merchant } = await crashingEngine(clock);
      const { memberId, gameSession } = await player(10_000n);
      const commitsBefore = await roundRows(memberId);
      crash.beforeCommit = 1;
      const input = { clientRoundId: 'crash-1', params: { stake: 1, multiplier: 4 } };
      await expect(engine.play(gameSession, merchant, input)).rejects.toThrow('process died');
      // No stake, no round, no nonce, no record, no event.
      expect(await availableMinor(db, memberId)).toBe(10_000n);
      expect(await roundRows(memberId)).toEqual(commitsBefore);
      expect((await post('/seeds', { gameSession })).body.value.nonce).toBe(0);

      const retry = await engine.play(gameSession, merchant, input);
      expect(retry.round).toMatchObject({ status: 'settled', payout: 4 });
      expect(await availableMinor(db, memberId)).toBe(10_300n);
      const again = await engine.play(gameSession, merchant, input);
      expect(again.round).toEqual(retry.round);
      expect(await availableMinor(db, memberId)).toBe(10_300n);
      expect(await roundRows(memberId)).toEqual({ rounds: 1, records: 1, events: 1 });
      expect(await engine.recover()).toBe(0);
      expect(await createServices(db).seamlessWallet.roundBreaks()).toEqual([]);
      expect(await createServices(db).ledger.reconcile()).toEqual([]);
    });

    it('a step is one transaction: a crash before its commit leaves the round as it was; one left open is abandoned by the job', async () => {
      const { db } = context.database;
      const clock = { nowMs: Date.now() };
      const { engine, crash, merchant } = await crashingEngine(clock);
      const { memberId, gameSession } = await player(10_000n, TEST_STEPPED_GAME);
      const started = await engine.play(gameSession, merchant, {
        clientRoundId: 'stepped-crash',
        params: { stake: 1 },
      });
      expect(await availableMinor(db, memberId)).toBe(9_900n);
      crash.beforeCommit = 1;
      const cashOut = {
        roundId: started.round.roundId,
        step: 0,
        action: { type: 'cashOut' },
      };
      await expect(engine.act(gameSession, merchant, cashOut)).rejects.toThrow('process died');
      expect(await availableMinor(db, memberId)).toBe(9_900n);
      const retried = await engine.act(gameSession, merchant, cashOut);
      expect(retried.round).toMatchObject({ status: 'settled', payout: 1 });
      expect(await availableMinor(db, memberId)).toBe(10_000n);
      expect((await engine.act(gameSession, merchant, cashOut)).round).toEqual(retried.round);
      expect(await availableMinor(db, memberId)).toBe(10_000n);

      // A round left open: the job closes it after the limit with `abandon` (cash out as is).
      const open = await engine.play(gameSession, merchant, {
        clientRoundId: 'stepped-left',
        params: { stake: 1 },
      });
      expect(open.round.status).toBe('open');
      expect(await availableMinor(db, memberId)).toBe(9_900n);
      clock.nowMs += BUILTIN_STEPPED_ROUND_ABANDON_AFTER_MS + 1_000;
      // The database's updated_at is real time: move the round back instead of the clock only.
      await sql`
        UPDATE builtin_rounds SET updated_at = now() - interval '2 hours' WHERE id = ${open.round.roundId}
      `.execute(db);
      expect(await engine.recover()).toBeGreaterThanOrEqual(1);
      expect(await availableMinor(db, memberId)).toBe(10_000n);
      expect(await engine.recover()).toBe(0);
      clock.nowMs = Date.now();
      const history = await engine.history(gameSession, merchant, { pageNo: 1, pageSize: 10 });
      expect(history.list[0]).toMatchObject({
        roundId: open.round.roundId,
        status: 'settled',
        detail: { view: { abandoned: true } },
      });
      const back = await engine.session(gameSession, merchant);
      expect(back.resumeRound).toMatchObject({ roundId: open.round.roundId, status: 'settled' });
      expect(await roundRows(memberId)).toEqual({ rounds: 2, records: 2, events: 2 });
      expect(await createServices(db).seamlessWallet.roundBreaks()).toEqual([]);
    });

    it('refuses a round of a game the catalogue disabled: at once after `forget`, else within the cache time', async () => {
      const { db } = context.database;
      const { engine, merchant, services } = await crashingEngine({ nowMs: Date.now() });
      const { gameSession } = await player(10_000n);
      const round = (clientRoundId: string) =>
        engine.play(gameSession, merchant, { clientRoundId, params: { stake: 1, multiplier: 1 } });
      await round('before-disable');
      const nodeId = nodes[TEST_INSTANT_GAME] as bigint;
      await sql`UPDATE games SET enabled = false WHERE node_id = ${nodeId.toString()}`.execute(db);
      try {
        // The entry read a moment ago is still served from memory (GAME_ENTRY_CACHE_TTL_MS).
        await expect(round('cached')).resolves.toMatchObject({ round: { status: 'settled' } });
        services.gameEntries.forget(nodeId);
        await expect(round('after-forget')).rejects.toMatchObject({
          errorCode: 'BUILTIN_GAME_UNAVAILABLE',
        });
      } finally {
        await sql`UPDATE games SET enabled = true WHERE node_id = ${nodeId.toString()}`.execute(db);
      }
    });
  });

  it("applies a merchant's changed limits at once after `forgetMerchants`, else within the merchant cache's time", async () => {
    const { db } = context.database;
    const { engine, services } = await crashingEngine({ nowMs: Date.now() });
    const { gameSession } = await player(10_000n);
    const resolve = () => services.system.resolveMerchant({ code: BASE_MERCHANT_CODE });
    const before = await resolve();
    const saved = await sql<{ settings: string }>`
      SELECT builtin_games::text AS settings FROM merchants WHERE code = ${BASE_MERCHANT_CODE}
    `.execute(db);
    const limits = { limits: { [TEST_INSTANT_GAME]: { minStakeMinor: 500 } } };
    await sql`UPDATE merchants SET builtin_games = ${JSON.stringify(limits)}::jsonb WHERE code = ${BASE_MERCHANT_CODE}`.execute(
      db,
    );
    try {
      const round = async (clientRoundId: string) =>
        engine.play(gameSession, await resolve(), {
          clientRoundId,
          params: { stake: 1, multiplier: 1 },
        });
      // Still the cached merchant (MERCHANT_CACHE_TTL_MS): the old minimum applies.
      expect((await resolve()).builtinGames).toEqual(before.builtinGames);
      await expect(round('limits-cached')).resolves.toMatchObject({ round: { status: 'settled' } });
      services.system.forgetMerchants();
      await expect(round('limits-new')).rejects.toMatchObject({
        errorCode: 'BUILTIN_STAKE_OUT_OF_RANGE',
      });
    } finally {
      await sql`UPDATE merchants SET builtin_games = ${saved.rows[0]?.settings ?? '{}'}::jsonb WHERE code = ${BASE_MERCHANT_CODE}`.execute(
        db,
      );
    }
  });

  /** A member's built-in rounds, their betting records and their settled events. */
  async function roundRows(memberId: bigint) {
    const { db } = context.database;
    const counts = await sql<{ rounds: number; records: number; events: number }>`
      SELECT
        (SELECT count(*)::int FROM builtin_rounds WHERE member_id = ${memberId.toString()}) AS rounds,
        (SELECT count(*)::int FROM game_rounds WHERE member_id = ${memberId.toString()} AND vassalage = ${BUILTIN_VASSALAGE}) AS records,
        (SELECT count(*)::int FROM events WHERE type = 'round.settled' AND member_id = ${memberId.toString()}) AS events
    `.execute(db);
    return counts.rows[0];
  }
});
