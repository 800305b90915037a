import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvents, type NewEvent } from '../../src/modules/events/index.js';
import { createServices } from '../../src/services.js';
import { BASE_MERCHANT_CODE } from '../fixtures/base-merchant.js';
import { insertMembers } from '../ledger-fixtures.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

const ROUNDS = 12;
const STAKE_MINOR = 700n;
const WIN_MINOR = 1_100n;
const CRASH_TEST_TIMEOUT_MS = 180_000;
const JOBS_ROLE = { SERVER_ROLES: 'http,jobs' };

describe('a crash (SIGKILL) while a consumer applies a batch', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  /** This test's member only: the server's start-up seeds a demo team with play events of its own. */
  let memberId: bigint | undefined;

  async function rollupSums() {
    const result = await sql<{ rounds: string; stake: string; win: string }>`
      SELECT coalesce(sum(rounds), 0)::text AS rounds, coalesce(sum(stake_minor), 0)::text AS stake,
        coalesce(sum(win_minor), 0)::text AS win
      FROM play_member_daily WHERE member_id = ${String(memberId ?? 0n)}::bigint
    `.execute(database.db);
    return result.rows[0];
  }

  async function checkpoint() {
    const result = await sql<{ last_event_id: string }>`
      SELECT last_event_id::text AS last_event_id FROM event_consumers WHERE name = 'play-rollups'
    `.execute(database.db);
    return result.rows[0]?.last_event_id;
  }

  it(
    'commits nothing of the batch, and the restarted runner applies each event once',
    async () => {
      const { db } = database;
      [memberId] = await insertMembers(db, 1, `evc${Date.now().toString(36)}`);
      // The server's start-up seeds demo data whose play events the runner would apply first
      // (and crash on before it is even ready): one plain start seeds them, and the stream is
      // drained here, so that the crash below falls in this test's batch.
      server = await startServerProcess(database.url, { env: JOBS_ROLE });
      await server.stop();
      await createServices(db).events.runAll();
      const checkpointBefore = await checkpoint();
      server = await startServerProcess(database.url, {
        env: { ...JOBS_ROLE, CRASH_AT: 'events.apply.before-commit' },
      });
      const events = Array.from(
        { length: ROUNDS },
        (_, index): NewEvent => ({
          type: 'round.settled',
          merchantCode: BASE_MERCHANT_CODE,
          memberId: memberId ?? 0n,
          payload: {
            memberId: String(memberId),
            merchantCode: BASE_MERCHANT_CODE,
            vassalage: 'INH',
            gameCode: 'dice',
            gameCategory: 'INHOUSE',
            roundRef: `crash-${index}`,
            currency: 'VND',
            stakeMinor: STAKE_MINOR.toString(),
            validBetMinor: STAKE_MINOR.toString(),
            winMinor: WIN_MINOR.toString(),
            settledAt: new Date().toISOString(),
          },
        }),
      );
      await db.transaction().execute((trx) => appendEvents(trx, events));
      // The runner picks the batch up, applies it and dies before its commit.
      await server.exited();
      expect(server.output()).not.toContain('server failed to start');
      expect(await rollupSums()).toEqual({ rounds: '0', stake: '0', win: '0' });
      expect(await checkpoint()).toBe(checkpointBefore);

      server = await startServerProcess(database.url, { env: JOBS_ROLE });
      await expect
        .poll(async () => (await rollupSums())?.rounds, { timeout: 60_000, interval: 200 })
        .toBe(String(ROUNDS));
      // A little longer: nothing is applied twice.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await rollupSums()).toEqual({
        rounds: String(ROUNDS),
        stake: (STAKE_MINOR * BigInt(ROUNDS)).toString(),
        win: (WIN_MINOR * BigInt(ROUNDS)).toString(),
      });
      expect(await checkpoint()).not.toBe(checkpointBefore);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
