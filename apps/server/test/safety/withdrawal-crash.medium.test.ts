import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashPointName } from '../../src/safety/crash-points.js';
import { createServices } from '../../src/services.js';
import { NO_SECOND_APPROVAL_MINOR, setAdjustmentLimit } from '../admin-helpers.js';
import {
  DEMO_OPERATOR_PASSWORD,
  httpCall,
  type ServerProcess,
  startServerProcess,
} from '../server-process.js';
import { uniqueUsername } from '../test-app.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';
import { proofImageBase64 } from '../withdrawal-helpers.js';

/** Each player's funds and each withdrawal's amount, in major units. */
const FUNDS = 1_000_000;
const WITHDRAWAL_AMOUNT = 50_000;
const ADJUSTMENT_AMOUNT = 1_234;
/** Eight crashes and three ordinary starts of the real server, on two shared cores. */
const CRASH_TEST_TIMEOUT_MS = 300_000;

interface Player {
  username: string;
  token: string;
  bankAccountId: number;
}

/** One HTTP call as the test sends it (and sends again after a restart). */
type SentCall = NonNullable<Parameters<typeof httpCall>[3]> & { url: string };

/**
 * Kills the real server at each crash point of the withdrawal and adjustment paths (CRASH_AT),
 * checks what the database kept, then starts it the ordinary way and retries every call with the
 * same key: each step is then done exactly once, and the retry answers what was done.
 */
describe('a crash inside or just after a withdrawal or operator money step', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;
  let operatorToken: string;
  let proof: string;
  const players: Record<'requestA' | 'requestB' | 'owner' | 'adjusted', Player> = {} as never;
  /** Pending withdrawals of the owner, one per decision crash point. */
  const pending: Record<string, string> = {};

  async function register(prefix: string, baseUrl: string): Promise<Player> {
    const username = uniqueUsername(prefix);
    const registered = await httpCall(baseUrl, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const token = registered.body.value.session.token as string;
    await httpCall(baseUrl, 'POST', '/wps/member/password/payment', {
      token,
      body: {
        loginPassword: 'secret123',
        paymentPassword: '123456',
        confirmPaymentPassword: '123456',
      },
    });
    const account = await httpCall(baseUrl, 'POST', '/wps/member/bank-accounts', {
      token,
      body: { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Nguyen Van An' },
    });
    expect(account.status).toBe(200);
    const funded = await httpCall(baseUrl, 'POST', '/admin/members/adjust-balance', {
      token: operatorToken,
      idempotencyKey: `fund-${username}`,
      body: { account: username, amount: FUNDS, reason: 'crash test funds' },
    });
    expect(funded.status).toBe(200);
    return { username, token, bankAccountId: account.body.value.id as number };
  }

  const withdrawalCall = (player: Player, key: string): SentCall => ({
    url: '/wps/payments/withdrawals',
    token: player.token,
    idempotencyKey: key,
    body: {
      bankAccountId: player.bankAccountId,
      amount: WITHDRAWAL_AMOUNT,
      paymentPassword: '123456',
    },
  });
  const decisionCall = (decision: 'approve' | 'reject', withdrawalId: string): SentCall => ({
    url: `/admin/withdrawals/${decision}`,
    token: operatorToken,
    body:
      decision === 'approve'
        ? { withdrawalId, proofImageBase64: proof }
        : { withdrawalId, reason: 'crash test' },
  });
  const adjustCall = (key: string): SentCall => ({
    url: '/admin/members/adjust-balance',
    token: operatorToken,
    idempotencyKey: key,
    body: { account: players.adjusted.username, amount: ADJUSTMENT_AMOUNT, reason: 'crash' },
  });

  /** The calls, one per crash point, each sent again after the restart. */
  const scenarios: { point: CrashPointName; call: () => SentCall }[] = [
    {
      point: 'withdrawal.request.before-commit',
      call: () => withdrawalCall(players.requestA, 'crash-request-a'),
    },
    {
      point: 'withdrawal.request.after-commit',
      call: () => withdrawalCall(players.requestB, 'crash-request-b'),
    },
    {
      point: 'withdrawal.approve.before-commit',
      call: () => decisionCall('approve', pending.approveBefore as string),
    },
    {
      point: 'withdrawal.approve.after-commit',
      call: () => decisionCall('approve', pending.approveAfter as string),
    },
    {
      point: 'withdrawal.payout.before-commit',
      call: () => decisionCall('approve', pending.payoutBefore as string),
    },
    {
      point: 'withdrawal.payout.after-commit',
      call: () => decisionCall('reject', pending.payoutAfter as string),
    },
    { point: 'admin.adjust-balance.before-commit', call: () => adjustCall('crash-adjust-before') },
    { point: 'admin.adjust-balance.after-commit', call: () => adjustCall('crash-adjust-after') },
  ];

  const send = (baseUrl: string, call: SentCall) => httpCall(baseUrl, 'POST', call.url, call);

  async function count(query: RawBuilder<{ count: string }>): Promise<number> {
    return Number((await query.execute(database.db)).rows[0]?.count);
  }
  const withdrawalsOf = (player: Player) =>
    count(sql`SELECT count(*) AS count FROM withdrawals w JOIN members m ON m.id = w.member_id
              WHERE m.username = ${player.username}`);
  const holdsOf = (player: Player) =>
    count(sql`SELECT count(*) AS count FROM ledger_transfers t
              JOIN ledger_accounts a ON a.id = t.debit_account_id
              JOIN members m ON m.id = a.member_id
              WHERE t.kind = 'pending' AND t.code = 'withdrawal' AND m.username = ${player.username}`);
  const auditOf = (action: string, subjectId: string) =>
    count(sql`SELECT count(*) AS count FROM audit_log
              WHERE action = ${action} AND subject_id = ${subjectId}`);
  const adjustAuditCount = () =>
    count(sql`SELECT count(*) AS count FROM audit_log a JOIN members m ON a.subject_id = m.id::text
              WHERE a.action = 'member.adjust-balance' AND m.username = ${players.adjusted.username}
                AND a.after ->> 'reason' = 'crash'`);
  const withdrawalStatus = async (id: string) =>
    (
      await sql<{ status: string; hold: string }>`
        SELECT w.status, t.status AS hold FROM withdrawals w
        JOIN ledger_transfers t ON t.id = w.hold_transfer_id WHERE w.id = ${id}::uuid
      `.execute(database.db)
    ).rows[0];
  const balanceOf = async (baseUrl: string, player: Player) =>
    (await httpCall(baseUrl, 'GET', '/wps/v2/wallets/balance', { token: player.token })).body.value
      .sumBalance as number;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Funds arrive as operator adjustments: one step each, no second operator (the limit is
    // adjustment-approval.medium.test.ts's).
    await setAdjustmentLimit(database.db, NO_SECOND_APPROVAL_MINOR);
    proof = await proofImageBase64();
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it(
    'keeps money, rows and audit entries together, and each retry finishes exactly once',
    async () => {
      // Set-up on an ordinary server: players, funds and the pending withdrawals to decide.
      server = await startServerProcess(database.url);
      const login = await httpCall(server.baseUrl, 'POST', '/admin/session/login', {
        body: { username: 'operator', password: DEMO_OPERATOR_PASSWORD },
      });
      expect(login.status).toBe(200);
      operatorToken = login.body.value.token as string;
      players.requestA = await register('reqa', server.baseUrl);
      players.requestB = await register('reqb', server.baseUrl);
      players.owner = await register('owner', server.baseUrl);
      players.adjusted = await register('adjd', server.baseUrl);
      for (const name of ['approveBefore', 'approveAfter', 'payoutBefore', 'payoutAfter']) {
        const requested = await send(server.baseUrl, withdrawalCall(players.owner, `set-${name}`));
        expect(requested.status).toBe(200);
        pending[name] = requested.body.value.withdrawalId as string;
      }
      await server.kill();

      // One start per crash point: the call kills the process (SIGKILL) where it is armed.
      for (const scenario of scenarios) {
        server = await startServerProcess(database.url, { env: { CRASH_AT: scenario.point } });
        await expect(send(server.baseUrl, scenario.call())).rejects.toThrow(TypeError);
        expect(await server.exited()).toBe('SIGKILL');
      }

      // What each crash left: all of a step or none of it (soft: every break is reported).
      expect.soft(await withdrawalsOf(players.requestA)).toBe(0);
      expect.soft(await holdsOf(players.requestA)).toBe(0);
      expect.soft(await withdrawalsOf(players.requestB)).toBe(1);
      expect.soft(await holdsOf(players.requestB)).toBe(1);
      expect.soft(await withdrawalStatus(pending.approveBefore as string)).toEqual({
        status: 'pending',
        hold: 'pending',
      });
      expect.soft(await auditOf('withdrawal.approve', pending.approveBefore as string)).toBe(0);
      expect.soft(await withdrawalStatus(pending.approveAfter as string)).toEqual({
        status: 'approved',
        hold: 'completed',
      });
      expect.soft(await auditOf('withdrawal.approve', pending.approveAfter as string)).toBe(1);
      expect.soft(await withdrawalStatus(pending.payoutBefore as string)).toEqual({
        status: 'pending',
        hold: 'pending',
      });
      expect.soft(await withdrawalStatus(pending.payoutAfter as string)).toEqual({
        status: 'rejected',
        hold: 'voided',
      });
      expect.soft(await auditOf('withdrawal.reject', pending.payoutAfter as string)).toBe(1);
      expect.soft(await adjustAuditCount()).toBe(1);
      const services = createServices(database.db);
      expect(await services.ledger.reconcile()).toEqual([]);

      // The ordinary start; every call is retried with the same key and answers 200.
      server = await startServerProcess(database.url);
      const retried = [];
      for (const scenario of scenarios) {
        const answer = await send(server.baseUrl, scenario.call());
        expect(answer.status, scenario.point).toBe(200);
        retried.push(answer.body.value);
      }
      // A second retry answers exactly what the first retry answered.
      for (const [index, scenario] of scenarios.entries()) {
        const again = await send(server.baseUrl, scenario.call());
        expect(again.body.value, scenario.point).toEqual(retried[index]);
      }

      const [requestA, requestB, , , , , adjustBefore, adjustAfter] = retried;
      // The request that committed before the crash is answered, not made again.
      const committedB = (
        await sql<{ id: string }>`
          SELECT w.id FROM withdrawals w JOIN members m ON m.id = w.member_id
          WHERE m.username = ${players.requestB.username}
        `.execute(database.db)
      ).rows[0]?.id;
      expect(requestB.withdrawalId).toBe(committedB);
      expect(requestA.status).toBe('pending');
      for (const player of [players.requestA, players.requestB]) {
        expect(await withdrawalsOf(player)).toBe(1);
        expect(await holdsOf(player)).toBe(1);
        expect(await balanceOf(server.baseUrl, player)).toBe(FUNDS - WITHDRAWAL_AMOUNT);
      }
      for (const name of ['approveBefore', 'approveAfter', 'payoutBefore']) {
        expect(await withdrawalStatus(pending[name] as string)).toEqual({
          status: 'approved',
          hold: 'completed',
        });
        expect(await auditOf('withdrawal.approve', pending[name] as string)).toBe(1);
      }
      expect(await withdrawalStatus(pending.payoutAfter as string)).toEqual({
        status: 'rejected',
        hold: 'voided',
      });
      expect(await auditOf('withdrawal.reject', pending.payoutAfter as string)).toBe(1);
      const mine = await httpCall(server.baseUrl, 'GET', '/wps/payments/withdrawals', {
        token: players.owner.token,
      });
      expect(
        mine.body.value.find(
          (item: { withdrawalId: string }) => item.withdrawalId === pending.payoutAfter,
        ),
      ).toMatchObject({ status: 'rejected' });
      expect(await balanceOf(server.baseUrl, players.owner)).toBe(FUNDS - 3 * WITHDRAWAL_AMOUNT);

      // Adjustments: the one lost before commit is made once; the one committed is answered
      // with the balances it recorded, however the balance moved since.
      expect(await adjustAuditCount()).toBe(2);
      expect(adjustAfter).toMatchObject({
        balanceBefore: FUNDS,
        balanceAfter: FUNDS + ADJUSTMENT_AMOUNT,
      });
      expect(adjustBefore).toMatchObject({
        balanceBefore: FUNDS + ADJUSTMENT_AMOUNT,
        balanceAfter: FUNDS + 2 * ADJUSTMENT_AMOUNT,
      });
      expect(await balanceOf(server.baseUrl, players.adjusted)).toBe(FUNDS + 2 * ADJUSTMENT_AMOUNT);
      expect(await services.ledger.reconcile()).toEqual([]);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
