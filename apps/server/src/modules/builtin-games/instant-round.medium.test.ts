import { BUILTIN_VASSALAGE } from '@app/contract';
import { fairFloats } from '@app/game-math';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { availableMinor, launchToken, memberWithSession } from '../../../test/seamless-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { type Db, databaseTypeParsers } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import { createServices } from '../../services.js';
import { eventPayloadSchemas } from '../events/index.js';
import { createCatalogueWriter } from '../games/index.js';
import { createEngineRounds } from '../providers/index.js';
import { builtinGameHandlers } from './games/index.js';
import { createBuiltinGamesService } from './service.js';
import { TEST_INSTANT_GAME, testInstantHandler } from './test/test-handlers.js';

if (!builtinGameHandlers.includes(testInstantHandler)) builtinGameHandlers.push(testInstantHandler);

/**
 * The instant round's one statement (docs/games-builtin.md, "One statement per instant round"):
 * one round trip once the session, accounts and pair are remembered; the rows it writes are
 * those the round transaction wrote; a remembered pair that another instance moved on is
 * refused by the statement and the round is decided again from the current nonce.
 */
describe('an instant round in one statement', () => {
  const context = useTestApp();
  let nodeId = 0n;
  const handles: Db[] = [];

  beforeAll(async () => {
    nodeId = BigInt(
      await createCatalogueWriter(context.database.db).ensureGame({
        merchantCode: BASE_MERCHANT_CODE,
        vassalage: BUILTIN_VASSALAGE,
        gameCode: TEST_INSTANT_GAME,
        gameType: 'INHOUSE',
        iconUrl: '/icons/test.svg',
        texts: { EN: { name: 'Test' }, VI: { name: 'Thử' } },
      }),
    );
  });
  afterAll(async () => {
    for (const handle of handles) await handle.destroy();
  });

  /** A server instance of its own (its own caches) on the test database, counting statements. */
  async function instance() {
    const counter = { statements: 0 };
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({
          connectionString: context.database.url,
          max: 2,
          types: databaseTypeParsers,
        }),
      }),
      log: (event) => {
        if (event.level === 'query') counter.statements += 1;
      },
    });
    handles.push(db);
    const services = createServices(db);
    const engine = createBuiltinGamesService(db, {
      wallet: services.seamlessWallet,
      walletSessionOwner: (id) => services.seamlessWallet.sessionOwner(id),
      ledger: services.ledger,
      engineRounds: createEngineRounds(),
      gameEntries: services.gameEntries,
    });
    const merchant = await services.system.resolveMerchant({ code: BASE_MERCHANT_CODE });
    return { engine, merchant, counter };
  }

  async function player(fundsMinor: bigint) {
    const { db } = context.database;
    const { memberId, token } = await memberWithSession(db, fundsMinor);
    const launch = await launchToken(context.app, token, {
      nodeId,
      vassalage: BUILTIN_VASSALAGE,
    });
    const opened = await callApi(context.app, 'POST', '/wps/builtin/session/open', {
      body: { launchToken: launch },
    });
    expect(opened.status).toBe(200);
    return { memberId, gameSession: opened.body.value.gameSession as string };
  }

  it('takes one round trip once warm and writes what the round transaction wrote', async () => {
    const { db } = context.database;
    const { engine, merchant, counter } = await instance();
    const { memberId, gameSession } = await player(10_000n);
    await engine.play(gameSession, merchant, {
      clientRoundId: 'warm',
      params: { stake: 1, multiplier: 0 },
    });

    const before = counter.statements;
    const answer = await engine.play(gameSession, merchant, {
      clientRoundId: 'one',
      params: { stake: 1, multiplier: 3 },
    });
    expect(counter.statements - before).toBe(1);
    expect(answer.round).toMatchObject({ status: 'settled', stake: 1, payout: 3 });
    expect(answer.balance).toBe(100 - 1 - 1 + 3);
    expect(await availableMinor(db, memberId)).toBe(10_100n);

    const roundId = answer.round.roundId;
    const transfers = await sql<{
      id: string;
      reference: string;
      amount_minor: string;
      code: string;
    }>`
      SELECT id, reference, amount_minor::text AS amount_minor, code FROM ledger_transfers
      WHERE id IN (${`builtin:${roundId}:bet`}, ${`builtin:${roundId}:win`}) ORDER BY id
    `.execute(db);
    expect(transfers.rows).toEqual([
      {
        id: `builtin:${roundId}:bet`,
        reference: `INH:${roundId}`,
        amount_minor: '100',
        code: 'bet',
      },
      {
        id: `builtin:${roundId}:win`,
        reference: `INH:${roundId}`,
        amount_minor: '300',
        code: 'win',
      },
    ]);
    const record = await sql<{
      status: string;
      win_minor: string;
      detail: Record<string, unknown>;
    }>`
      SELECT status, win_minor::text AS win_minor, detail FROM game_rounds
      WHERE vassalage = ${BUILTIN_VASSALAGE} AND round_ref = ${roundId}
    `.execute(db);
    expect(record.rows[0]).toMatchObject({
      status: 'settled',
      win_minor: '300',
      detail: {
        engine: 'builtin',
        params: { stake: 1, multiplier: 3 },
        outcome: answer.round.detail.outcome,
      },
    });
    const events = await sql<{ payload: unknown }>`
      SELECT payload FROM events WHERE type = 'round.settled' AND payload->>'roundRef' = ${roundId}
    `.execute(db);
    expect(events.rows).toHaveLength(1);
    const payload = eventPayloadSchemas['round.settled'].parse(events.rows[0]?.payload);
    expect(payload).toMatchObject({
      memberId: memberId.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: BUILTIN_VASSALAGE,
      gameCode: null,
      gameCategory: 'INHOUSE',
      stakeMinor: '100',
      validBetMinor: '100',
      winMinor: '300',
    });
    expect(new Date(payload.settledAt).toISOString()).toBe(payload.settledAt);

    // A retry replays the round without writing anything.
    const again = await engine.play(gameSession, merchant, {
      clientRoundId: 'one',
      params: { stake: 1, multiplier: 3 },
    });
    expect(again.round).toEqual(answer.round);
    expect(await availableMinor(db, memberId)).toBe(10_100n);
    expect(await createServices(db).ledger.reconcile()).toEqual([]);
  });

  it('decides again from the current nonce when another instance played or rotated', async () => {
    const first = await instance();
    const second = await instance();
    const { gameSession } = await player(10_000n);
    const rounds = [];
    for (let n = 0; n < 4; n += 1) {
      const { engine, merchant } = n % 2 === 0 ? first : second;
      const answer = await engine.play(gameSession, merchant, {
        clientRoundId: `r${n}`,
        params: { stake: 1, multiplier: 1 },
      });
      rounds.push(answer.round);
    }
    expect(rounds.map((round) => round.proof.nonce)).toEqual([0, 1, 2, 3]);

    const rotated = await first.engine.rotateSeed(gameSession, first.merchant, null);
    for (const round of rounds) {
      const [float] = fairFloats(
        {
          serverSeed: rotated.revealed.serverSeed,
          clientSeed: rotated.revealed.clientSeed,
          nonce: round.proof.nonce,
        },
        1,
      );
      expect(round.detail.outcome).toEqual({ float });
    }
    // The second instance still remembers the retired pair: the statement refuses it.
    const after = await second.engine.play(gameSession, second.merchant, {
      clientRoundId: 'after-rotation',
      params: { stake: 1, multiplier: 1 },
    });
    expect(after.round.proof).toMatchObject({
      nonce: 0,
      serverSeedHash: rotated.seeds.serverSeedHash,
    });
  });

  it('plays concurrent rounds in shared statements, each alone in what it writes or refuses', async () => {
    const { db } = context.database;
    const { engine, merchant, counter } = await instance();
    const funded = [];
    for (let n = 0; n < 6; n += 1) funded.push(await player(1_000n));
    const broke = await player(50n);
    // Warm each session (remembered session, accounts and pair) one by one.
    for (const { gameSession } of [...funded, broke]) {
      await engine.play(gameSession, merchant, {
        clientRoundId: 'warm',
        params: { stake: 0.1, multiplier: 0 },
      });
    }
    const before = counter.statements;
    const calls = [
      ...funded.map(({ gameSession }) =>
        engine.play(gameSession, merchant, {
          clientRoundId: 'c1',
          params: { stake: 1, multiplier: 2 },
        }),
      ),
      // A second round of the same member in the same instant, and one the balance cannot pay.
      engine.play(funded[0]?.gameSession ?? '', merchant, {
        clientRoundId: 'c2',
        params: { stake: 1, multiplier: 2 },
      }),
      engine.play(broke.gameSession, merchant, {
        clientRoundId: 'c1',
        params: { stake: 1, multiplier: 2 },
      }),
    ];
    const settled = await Promise.allSettled(calls);
    expect(settled.slice(0, 7).map((outcome) => outcome.status)).toEqual(
      Array(7).fill('fulfilled'),
    );
    expect(settled[7]).toMatchObject({
      status: 'rejected',
      reason: { errorCode: 'BUILTIN_INSUFFICIENT_FUNDS' },
    });
    // Eight rounds, fewer statements: the batches shared them.
    expect(counter.statements - before).toBeLessThan(8);
    expect(await availableMinor(db, funded[0]?.memberId ?? 0n)).toBe(1_000n - 10n + 200n);
    for (const { memberId } of funded.slice(1)) {
      expect(await availableMinor(db, memberId)).toBe(1_000n - 10n + 100n);
    }
    expect(await availableMinor(db, broke.memberId)).toBe(40n);
    const nonces = await sql<{ nonce: number }>`
      SELECT nonce FROM builtin_seed_pairs
      WHERE member_id = ${(funded[0]?.memberId ?? 0n).toString()} AND state = 'active'
    `.execute(db);
    expect(nonces.rows[0]?.nonce).toBe(3);
    const stored = await sql<{ rounds: number; records: number; events: number }>`
      SELECT
        (SELECT count(*)::int FROM builtin_rounds WHERE member_id = ${broke.memberId.toString()}) AS rounds,
        (SELECT count(*)::int FROM game_rounds WHERE member_id = ${broke.memberId.toString()}) AS records,
        (SELECT count(*)::int FROM events WHERE type = 'round.settled' AND member_id = ${broke.memberId.toString()}) AS events
    `.execute(db);
    expect(stored.rows[0]).toEqual({ rounds: 1, records: 1, events: 1 });
    expect(await createServices(db).ledger.reconcile()).toEqual([]);
  });
});
