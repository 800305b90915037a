import { BUILTIN_VASSALAGE, builtinGameCodes } from '@app/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashPointName } from '../../src/safety/crash-points.js';
import { createServices } from '../../src/services.js';
import { availableMinor, memberWithSession } from '../seamless-helpers.js';
import { httpCall, type ServerProcess, startServerProcess } from '../server-process.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

/** Three server starts per case on two shared cores take their time. */
const CRASH_TEST_TIMEOUT_MS = 180_000;
const FUNDS_MINOR = 100_000n;
const DICE_PARAMS = { stake: 10, target: 50, direction: 'over' };

/**
 * A built-in round (or a Mines step) is one transaction: the real server killed (SIGKILL) at the
 * round's crash points leaves either the whole round (stake, win, round row, nonce, betting
 * record, event) or nothing, and the same clientRoundId after a restart answers once.
 */
describe('a crash (SIGKILL) in the middle of a built-in round', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  /** A funded member with an open game session of `gameCode`, opened on `baseUrl`. */
  async function player(baseUrl: string, gameCode: string) {
    const { db } = database;
    const { memberId, token } = await memberWithSession(db, FUNDS_MINOR);
    const node = await sql<{ node_id: string }>`
      SELECT node_id FROM games
      WHERE merchant_code = 'DEMO' AND vassalage = ${BUILTIN_VASSALAGE} AND game_code = ${gameCode}
    `.execute(db);
    const launched = await httpCall(baseUrl, 'POST', '/wps/game/launchGame', {
      token,
      body: {
        nodeId: Number(node.rows[0]?.node_id),
        vassalage: BUILTIN_VASSALAGE,
        language: 'en',
      },
    });
    expect(launched.status).toBe(200);
    const launchToken = new URL(launched.body.value.game_url, baseUrl).searchParams.get('token');
    const opened = await httpCall(baseUrl, 'POST', '/wps/builtin/session/open', {
      body: { launchToken },
    });
    expect(opened.status).toBe(200);
    return { memberId, gameSession: opened.body.value.gameSession as string };
  }

  /** What one member's rounds left behind, everywhere a round writes. */
  async function traces(memberId: bigint) {
    const { db } = database;
    const member = memberId.toString();
    const counts = await sql<{
      rounds: number;
      records: number;
      events: number;
      transfers: number;
      nonce: number;
    }>`
      SELECT
        (SELECT count(*)::int FROM builtin_rounds WHERE member_id = ${member}) AS rounds,
        (SELECT count(*)::int FROM game_rounds WHERE member_id = ${member}) AS records,
        (SELECT count(*)::int FROM events WHERE type = 'round.settled' AND member_id = ${member}) AS events,
        (SELECT count(*)::int FROM ledger_transfers WHERE id LIKE 'builtin:%' AND reference IN (
          SELECT ${BUILTIN_VASSALAGE} || ':' || id FROM builtin_rounds WHERE member_id = ${member}
        )) AS transfers,
        (SELECT nonce FROM builtin_seed_pairs WHERE member_id = ${member} AND state = 'active') AS nonce
    `.execute(db);
    return { ...counts.rows[0], availableMinor: await availableMinor(db, memberId) };
  }

  async function crashOn(point: CrashPointName) {
    const crashing = await startServerProcess(database.url, { env: { CRASH_AT: point } });
    server = crashing;
    return crashing;
  }

  async function expectKilled(running: ServerProcess, call: Promise<unknown>) {
    // The connection dies with the process: fetch fails with a TypeError.
    await expect(call).rejects.toThrow(TypeError);
    expect(await running.exited()).toBe('SIGKILL');
  }

  it(
    'before its one statement: nothing of the round is left; the retry plays it once',
    async () => {
      // An instant round is one autocommitted statement (docs/games-builtin.md): there is no
      // moment between its writes and its commit; the statement is atomic by itself.
      const crashing = await crashOn('builtin.round.before-call');
      const { memberId, gameSession } = await player(crashing.baseUrl, builtinGameCodes.dice);
      const before = await traces(memberId);
      const round = { gameSession, clientRoundId: 'crash-before', params: DICE_PARAMS };
      await expectKilled(
        crashing,
        httpCall(crashing.baseUrl, 'POST', '/wps/builtin/play', { body: round }),
      );
      expect(await traces(memberId)).toEqual(before);
      expect(before).toMatchObject({ rounds: 0, records: 0, events: 0, transfers: 0, nonce: 0 });

      const restarted = await startServerProcess(database.url);
      server = restarted;
      const retried = await httpCall(restarted.baseUrl, 'POST', '/wps/builtin/play', {
        body: round,
      });
      expect(retried.status).toBe(200);
      const again = await httpCall(restarted.baseUrl, 'POST', '/wps/builtin/play', {
        body: round,
      });
      expect(again.body.value).toEqual(retried.body.value);
      const payoutMinor = BigInt(Math.round(retried.body.value.round.payout * 100));
      const after = await traces(memberId);
      expect(after).toMatchObject({ rounds: 1, records: 1, events: 1, nonce: 1 });
      expect(after.transfers).toBe(payoutMinor > 0n ? 2 : 1);
      expect(after.availableMinor).toBe(FUNDS_MINOR - 1_000n + payoutMinor);
      await restarted.stop();
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  it(
    'after the commit: the whole round is there; the retry answers it without moving money again',
    async () => {
      const crashing = await crashOn('builtin.round.after-commit');
      const { memberId, gameSession } = await player(crashing.baseUrl, builtinGameCodes.dice);
      const round = { gameSession, clientRoundId: 'crash-after', params: DICE_PARAMS };
      await expectKilled(
        crashing,
        httpCall(crashing.baseUrl, 'POST', '/wps/builtin/play', { body: round }),
      );
      const committed = await traces(memberId);
      expect(committed).toMatchObject({ rounds: 1, records: 1, events: 1, nonce: 1 });

      const restarted = await startServerProcess(database.url);
      server = restarted;
      const retried = await httpCall(restarted.baseUrl, 'POST', '/wps/builtin/play', {
        body: round,
      });
      expect(retried.status).toBe(200);
      const payoutMinor = BigInt(Math.round(retried.body.value.round.payout * 100));
      expect(await traces(memberId)).toEqual(committed);
      expect(committed.availableMinor).toBe(FUNDS_MINOR - 1_000n + payoutMinor);
      await restarted.stop();
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  it(
    'a Mines start before its commit: nothing of the round is left; the retry opens it once',
    async () => {
      // A stepped round's start keeps the round transaction (the instant one is one statement).
      const crashing = await crashOn('builtin.round.before-commit');
      const { memberId, gameSession } = await player(crashing.baseUrl, builtinGameCodes.mines);
      const before = await traces(memberId);
      const round = {
        gameSession,
        clientRoundId: 'mines-start-crash',
        params: { stake: 10, mineCount: 3 },
      };
      await expectKilled(
        crashing,
        httpCall(crashing.baseUrl, 'POST', '/wps/builtin/play', { body: round }),
      );
      expect(await traces(memberId)).toEqual(before);

      const restarted = await startServerProcess(database.url);
      server = restarted;
      const retried = await httpCall(restarted.baseUrl, 'POST', '/wps/builtin/play', {
        body: round,
      });
      expect(retried.status).toBe(200);
      const again = await httpCall(restarted.baseUrl, 'POST', '/wps/builtin/play', {
        body: round,
      });
      expect(again.body.value.round).toEqual(retried.body.value.round);
      expect(await traces(memberId)).toMatchObject({
        rounds: 1,
        records: 1,
        events: 0,
        transfers: 1,
        nonce: 1,
        availableMinor: FUNDS_MINOR - 1_000n,
      });
      await restarted.stop();
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  it(
    'a Mines step before its commit: the round stays as it was; the retried step applies once',
    async () => {
      const crashing = await crashOn('builtin.step.before-commit');
      const { memberId, gameSession } = await player(crashing.baseUrl, builtinGameCodes.mines);
      const started = await httpCall(crashing.baseUrl, 'POST', '/wps/builtin/play', {
        body: { gameSession, clientRoundId: 'mines-crash', params: { stake: 10, mineCount: 3 } },
      });
      expect(started.status).toBe(200);
      const roundId = started.body.value.round.roundId as string;
      const open = await traces(memberId);
      expect(open).toMatchObject({ rounds: 1, records: 1, events: 0, transfers: 1 });
      const step = { gameSession, roundId, step: 0, action: { type: 'reveal', tile: 12 } };
      await expectKilled(
        crashing,
        httpCall(crashing.baseUrl, 'POST', '/wps/builtin/act', { body: step }),
      );
      expect(await traces(memberId)).toEqual(open);
      const stored = await sql<{ steps: number; status: string }>`
        SELECT steps, status FROM builtin_rounds WHERE id = ${roundId}
      `.execute(database.db);
      expect(stored.rows[0]).toEqual({ steps: 0, status: 'open' });

      const restarted = await startServerProcess(database.url);
      server = restarted;
      const retried = await httpCall(restarted.baseUrl, 'POST', '/wps/builtin/act', {
        body: step,
      });
      expect(retried.status).toBe(200);
      expect(retried.body.value.round.steps).toBe(1);
      const again = await httpCall(restarted.baseUrl, 'POST', '/wps/builtin/act', { body: step });
      expect(again.body.value.round).toEqual(retried.body.value.round);
      expect(await createServices(database.db).ledger.reconcile()).toEqual([]);
      await restarted.stop();
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
