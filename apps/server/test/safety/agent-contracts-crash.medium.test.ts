import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { createServices } from '../../src/services.js';
import { settleRounds, utcDay } from '../agent-contracts/agent-contract-helpers.js';
import { BASE_MERCHANT_CODE } from '../fixtures/base-merchant.js';
import { insertMembers } from '../ledger-fixtures.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

const CRASH_TEST_TIMEOUT_MS = 180_000;
/** How long the job may take to reach the crash point after the start. */
const CRASH_WAIT_MS = 40_000;
const JOBS_ROLE = { SERVER_ROLES: 'http,jobs' };
/** Days of owed daily periods: each settles in its own transaction. */
const OWED_DAYS = 3;
/** The day of acceptance is owed too (with no bets it settles as nothing): four per contract. */
const SETTLED_PERIODS = OWED_DAYS + 1;
/** The commission tree's two contracts owe one week each (last week). */
const COMMISSION_PERIODS = 2;
const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of last week: the commission's one owed period. */
function lastWeekStart(): Date {
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  return new Date(midnight - (sinceMonday + 7) * DAY_MS);
}

/**
 * A second tree with commission contracts (house 1 % to its top agent, 0.5 % from it to its
 * downline agent) accepted last Monday, and 1,000.00 bet by its player last week.
 */
async function seedOwedCommission(
  db: Db,
  prefix: string,
  services: ReturnType<typeof createServices>,
) {
  const [top, mid, player] = await insertMembers(db, 3, `${prefix}c`);
  if (!top || !mid || !player) throw new Error('members missing');
  await sql`UPDATE members SET type = 1 WHERE id IN (${top.toString()}::bigint, ${mid.toString()}::bigint)`.execute(
    db,
  );
  await sql`UPDATE members SET upline_member_id = ${top.toString()}::bigint WHERE id = ${mid.toString()}::bigint`.execute(
    db,
  );
  await sql`UPDATE members SET upline_member_id = ${mid.toString()}::bigint WHERE id = ${player.toString()}::bigint`.execute(
    db,
  );
  await db.transaction().execute(async (trx) => {
    await services.agentContracts.contracts.setHouseContract(trx, {
      merchantCode: BASE_MERCHANT_CODE,
      memberId: top,
      kind: 'commission',
      terms: { tiers: [{ validBet: 0, rate: 1 }] },
    });
  });
  await sql`
    INSERT INTO agent_contracts (merchant_code, kind, upline_member_id, member_id, period, terms, status, decided_at)
    VALUES (${BASE_MERCHANT_CODE}, 'commission', ${top.toString()}::bigint, ${mid.toString()}::bigint, 'weekly',
      '{"kind":"commission","tiers":[{"validBetMinor":"0","rateBps":50,"categoryRatesBps":{}}]}'::jsonb, 'active', now())
  `.execute(db);
  const week = lastWeekStart();
  await sql`UPDATE agent_contracts SET decided_at = ${new Date(week.getTime() + 3_600_000)} WHERE kind = 'commission'`.execute(
    db,
  );
  await settleRounds(db, { id: player }, [
    { stakeMinor: 100_000n, winMinor: 0n, settledAt: new Date(week.getTime() + 2 * 3_600_000) },
  ]);
  return [top, mid];
}

/**
 * A top agent with a house contract of 1 % and its downline agent with 0.5 %, accepted four days
 * ago, and a player under them who bet 1,000.00 on each of the last three days: six periods owed.
 */
async function seedOwedContracts(db: Db, prefix: string) {
  const [top, mid, player] = await insertMembers(db, 3, prefix);
  if (!top || !mid || !player) throw new Error('members missing');
  await sql`UPDATE members SET type = 1 WHERE id IN (${top.toString()}::bigint, ${mid.toString()}::bigint)`.execute(
    db,
  );
  await sql`UPDATE members SET upline_member_id = ${top.toString()}::bigint WHERE id = ${mid.toString()}::bigint`.execute(
    db,
  );
  await sql`UPDATE members SET upline_member_id = ${mid.toString()}::bigint WHERE id = ${player.toString()}::bigint`.execute(
    db,
  );
  const services = createServices(db);
  const { contracts } = services.agentContracts;
  await db.transaction().execute(async (trx) => {
    await contracts.setHouseContract(trx, {
      merchantCode: BASE_MERCHANT_CODE,
      memberId: top,
      kind: 'daily',
      terms: { tiers: [{ betAmount: 0, rate: 1 }] },
    });
  });
  await sql`
    INSERT INTO agent_contracts (merchant_code, kind, upline_member_id, member_id, period, terms, status, decided_at)
    VALUES (${BASE_MERCHANT_CODE}, 'daily', ${top.toString()}::bigint, ${mid.toString()}::bigint, 'daily',
      '{"kind":"daily","tiers":[{"betMinor":"0","rateBps":50}]}'::jsonb, 'active', now())
  `.execute(db);
  await sql`UPDATE agent_contracts SET decided_at = now() - interval '4 days'`.execute(db);
  const commissionAgents = await seedOwedCommission(db, prefix, services);
  await settleRounds(
    db,
    { id: player },
    Array.from({ length: OWED_DAYS }, (_, index) => ({
      stakeMinor: 100_000n,
      winMinor: 0n,
      settledAt: utcDay(index + 1),
    })),
  );
  await services.events.runAll();
  return [top, mid, ...commissionAgents];
}

/**
 * The server process seeds the demo merchant's agents (the fixture shares its code), whose
 * contracts settle too: the counts below are of this test's agents only.
 */
let testAgents: bigint[] = [];
const testAgentIds = () => sql.join(testAgents.map((id) => sql`${id.toString()}::bigint`));

async function paidTransfers(db: Db) {
  const result = await sql<{ n: bigint; total: bigint }>`
    SELECT count(*) AS n, coalesce(sum(t.amount_minor), 0)::bigint AS total FROM ledger_transfers t
    WHERE t.id LIKE 'agent-contract:%' AND split_part(t.id, ':', 2)::bigint IN (
      SELECT id FROM agent_contracts WHERE member_id IN (${testAgentIds()}))
  `.execute(db);
  return { count: Number(result.rows[0]?.n ?? 0n), totalMinor: result.rows[0]?.total ?? 0n };
}

async function settledRows(db: Db) {
  const result = await sql<{
    n: bigint;
  }>`SELECT count(*) AS n FROM agent_contract_settlements
    WHERE member_id IN (${testAgentIds()})`.execute(db);
  return Number(result.rows[0]?.n ?? 0n);
}

describe('a crash (SIGKILL) while agent contracts settle', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  async function crashThenRestart(point: string) {
    server = await startServerProcess(database.url, { env: { ...JOBS_ROLE, CRASH_AT: point } });
    // The settlement job runs at start and kills the process at the point.
    const running = server;
    const ended = await Promise.race([
      running.exited(),
      new Promise((resolve) => setTimeout(() => resolve('still running'), CRASH_WAIT_MS)),
    ]);
    if (ended !== 'SIGKILL') await running.kill();
    expect(ended, running.output()).toBe('SIGKILL');
    const afterCrash = {
      ...(await paidTransfers(database.db)),
      rows: await settledRows(database.db),
    };
    server = await startServerProcess(database.url, { env: JOBS_ROLE });
    await expect
      .poll(() => settledRows(database.db), { timeout: 60_000, interval: 200 })
      .toBe(2 * SETTLED_PERIODS + COMMISSION_PERIODS);
    return afterCrash;
  }

  it(
    'commits nothing before the commit, pays the rest once after a restart, and reconciles',
    async () => {
      testAgents = await seedOwedContracts(database.db, `acc${Date.now().toString(36)}`);
      const afterCrash = await crashThenRestart('agent-contracts.settle.before-commit');
      expect(afterCrash).toEqual({ count: 0, totalMinor: 0n, rows: 0 });
      // Top: 1 % of 1,000.00 a day from the house; mid: 0.5 % a day from top. Each once. The
      // commission tree: the same rates on last week's 1,000.00, once.
      expect(await paidTransfers(database.db)).toEqual({
        count: 2 * OWED_DAYS + COMMISSION_PERIODS,
        totalMinor: BigInt(OWED_DAYS + 1) * (1_000n + 500n),
      });
      await server?.stop();
      server = undefined;
      const services = createServices(database.db);
      expect(await services.ledger.reconcile()).toEqual([]);
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  it(
    'after a crash past a commit, the restarted job pays only the periods still owed',
    async () => {
      // A database of its own: the first test's contracts, even ended, still owe the period
      // they ended in, which made this count depend on the clock.
      await database.drop();
      database = await createTestDatabase();
      testAgents = await seedOwedContracts(database.db, `acd${Date.now().toString(36)}`);
      const before = await paidTransfers(database.db);
      const afterCrash = await crashThenRestart('agent-contracts.settle.after-commit');
      // The first period (the day of acceptance, no bets) committed before the process died.
      expect(afterCrash.rows).toBe(1);
      expect(await paidTransfers(database.db)).toEqual({
        count: before.count + 2 * OWED_DAYS + COMMISSION_PERIODS,
        totalMinor: before.totalMinor + BigInt(OWED_DAYS + 1) * (1_000n + 500n),
      });
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
