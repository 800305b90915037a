import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  fundedMember,
  operatorToken,
  type TestMember,
} from '../../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../../test/test-app.js';
import { proofImageBase64 } from '../../../../test/withdrawal-helpers.js';
import { platformJobs } from '../../../jobs/platform-jobs.js';
import { createServices } from '../../../services.js';

/** Parallel approvals of one withdrawal, half from each of two operators. */
const PARALLEL_APPROVALS = 10;
const WITHDRAWAL_AMOUNT = 50_000;

describe('withdrawal decisions: paging, parallel approvals, business reconciliation', () => {
  const context = useTestApp();
  let financeToken: string;
  let otherFinanceToken: string;
  let adminToken: string;
  let proof: string;

  beforeAll(async () => {
    financeToken = await operatorToken(context.app, context.database.db, 'finance7', 'finance');
    otherFinanceToken = await operatorToken(
      context.app,
      context.database.db,
      'finance8',
      'finance',
    );
    adminToken = await operatorToken(context.app, context.database.db, 'admin7', 'admin');
    proof = await proofImageBase64();
  });

  async function bankAccountOf(member: TestMember): Promise<number> {
    const account = await callApi(context.app, 'POST', '/wps/member/bank-accounts', {
      token: member.token,
      body: { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Nguyen Van An' },
    });
    expect(account.status).toBe(200);
    return account.body.value.id as number;
  }

  /** A funded member's pending withdrawal; answers its id. */
  async function pendingWithdrawal(member?: TestMember): Promise<string> {
    const owner =
      member ?? (await fundedMember(context.app, context.database.db, WITHDRAWAL_AMOUNT * 2));
    const requested = await callApi(context.app, 'POST', '/wps/payments/withdrawals', {
      token: owner.token,
      body: {
        bankAccountId: await bankAccountOf(owner),
        amount: WITHDRAWAL_AMOUNT,
        paymentPassword: '123456',
      },
    });
    expect(requested.status).toBe(200);
    return requested.body.value.withdrawalId as string;
  }

  function decide(token: string, decision: 'approve' | 'reject', withdrawalId: string) {
    return callApi(context.app, 'POST', `/admin/withdrawals/${decision}`, {
      token,
      body:
        decision === 'approve'
          ? { withdrawalId, proofImageBase64: proof }
          : { withdrawalId, reason: 'not this time' },
    });
  }

  async function auditEntries(action: string, withdrawalId: string): Promise<number> {
    const result = await sql<{ count: string }>`
      SELECT count(*) AS count FROM audit_log WHERE action = ${action} AND subject_id = ${withdrawalId}
    `.execute(context.database.db);
    return Number(result.rows[0]?.count);
  }

  it('pages the pending list oldest first by cursor', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await pendingWithdrawal());
    const page = (limit: number, cursor?: string, status = 'pending') =>
      callApi(
        context.app,
        'GET',
        `/admin/withdrawals?status=${status}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        { token: financeToken },
      );
    const listed: string[] = [];
    let cursor: string | undefined;
    for (let pageIndex = 0; pageIndex < 3; pageIndex += 1) {
      const answer = await page(2, cursor);
      expect(answer.status).toBe(200);
      listed.push(
        ...answer.body.value.items.map((item: { withdrawalId: string }) => item.withdrawalId),
      );
      cursor = answer.body.value.nextCursor ?? undefined;
    }
    expect(listed).toEqual(ids);
    expect(cursor).toBeUndefined();
    expect((await page(101)).status).toBe(400);
    expect((await page(0)).status).toBe(400);
    const foreign = await page(2, 'bm90LWEtY3Vyc29y');
    expect(foreign.status).toBe(400);
    expect(foreign.body.errorCode).toBe('PAGE_CURSOR_INVALID');

    expect((await decide(financeToken, 'reject', ids[0] as string)).status).toBe(200);
    const rejected = await page(10, undefined, 'rejected');
    expect(rejected.body.value).toMatchObject({ nextCursor: null });
    expect(rejected.body.value.items[0]).toMatchObject({
      withdrawalId: ids[0],
      status: 'rejected',
    });
    expect((await page(10)).body.value.items).toHaveLength(4);
  });

  it('lets one of ten parallel approvals win, with one audit entry', async () => {
    const member = await fundedMember(context.app, context.database.db, WITHDRAWAL_AMOUNT * 2);
    const withdrawalId = await pendingWithdrawal(member);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_APPROVALS }, (_, index) =>
        decide(index % 2 === 0 ? financeToken : otherFinanceToken, 'approve', withdrawalId),
      ),
    );
    const byToken = (parity: number) => answers.filter((_, index) => index % 2 === parity);
    const winners = [0, 1].filter((parity) =>
      byToken(parity).some((answer) => answer.status === 200),
    );
    expect(winners).toHaveLength(1);
    const winnerAnswers = byToken(winners[0] as number);
    const loserAnswers = byToken(1 - (winners[0] as number));
    // The winner's own retries answer the approval; the other operator finds it decided.
    for (const answer of winnerAnswers) {
      expect(answer.status).toBe(200);
      expect(answer.body.value).toEqual(winnerAnswers[0]?.body.value);
    }
    expect(winnerAnswers[0]?.body.value).toMatchObject({ withdrawalId, status: 'approved' });
    for (const answer of loserAnswers) {
      expect(answer.status).toBe(409);
      expect(answer.body.errorCode).toBe('WITHDRAWAL_NOT_PENDING');
    }
    expect(await auditEntries('withdrawal.approve', withdrawalId)).toBe(1);
    expect(await balanceOf(context.app, member.token)).toBe(WITHDRAWAL_AMOUNT);

    // A later retry by the same operator still answers the approval; a rejection does not.
    const winnerToken = winners[0] === 0 ? financeToken : otherFinanceToken;
    const retry = await decide(winnerToken, 'approve', withdrawalId);
    expect(retry.status).toBe(200);
    expect(retry.body.value).toEqual(winnerAnswers[0]?.body.value);
    expect((await decide(winnerToken, 'reject', withdrawalId)).body.errorCode).toBe(
      'WITHDRAWAL_NOT_PENDING',
    );
    expect(await auditEntries('withdrawal.approve', withdrawalId)).toBe(1);
    expect(await auditEntries('withdrawal.reject', withdrawalId)).toBe(0);
  });

  it('finds nothing to report on a database where every step went through', async () => {
    const approved = await pendingWithdrawal();
    expect((await decide(financeToken, 'approve', approved)).status).toBe(200);
    const member = await fundedMember(context.app, context.database.db, 0);
    const credited = await callApi(context.app, 'POST', '/admin/members/adjust-balance', {
      token: adminToken,
      headers: { 'idempotency-key': 'clean-1' },
      body: { account: member.username, amount: 10, reason: 'clean' },
    });
    expect(credited.status).toBe(200);
    expect(await createServices(context.database.db).ledger.reconcile()).toEqual([]);
  });

  it('reports every business break built by hand, and the job logs them as errors', async () => {
    const services = createServices(context.database.db);
    const db = context.database.db;

    // A withdrawal hold with no withdrawal (a crash between the two before the fix).
    const member = await fundedMember(context.app, db, WITHDRAWAL_AMOUNT * 4);
    const [wallet, clearing, adjustment] = await Promise.all([
      services.ledger.memberAccount({
        merchantCode: 'DEMO',
        memberId: member.id,
        asset: 'cash',
        currency: 'VND',
      }),
      services.ledger.systemAccount({
        merchantCode: 'DEMO',
        code: 'clearing:withdrawal',
        asset: 'cash',
        currency: 'VND',
      }),
      services.ledger.systemAccount({
        merchantCode: 'DEMO',
        code: 'adjustment',
        asset: 'cash',
        currency: 'VND',
      }),
    ]);
    const orphanHold = `withdrawal:${randomUUID()}`;
    await services.ledger.transfer({
      id: orphanHold,
      debitAccountId: wallet,
      creditAccountId: clearing,
      amountMinor: 100n,
      code: 'withdrawal',
      pending: {},
    });

    // Approved without its payout, rejected without its release, paid out but still pending.
    const approvedUnpaid = await pendingWithdrawal(member);
    await sql`UPDATE withdrawals SET status = 'approved', resolved_at = now() WHERE id = ${approvedUnpaid}::uuid`.execute(
      db,
    );
    const rejectedHeld = await pendingWithdrawal(member);
    await sql`UPDATE withdrawals SET status = 'rejected', resolved_at = now() WHERE id = ${rejectedHeld}::uuid`.execute(
      db,
    );
    const paidPending = await pendingWithdrawal(member);
    await services.ledger.postPending({
      id: `withdrawal-payout:${paidPending}`,
      pendingId: `withdrawal:${paidPending}`,
    });

    // An operator's adjustment that left no audit entry.
    const unaudited = `adjustment:999:${randomUUID()}`;
    await services.ledger.transfer({
      id: unaudited,
      debitAccountId: adjustment,
      creditAccountId: wallet,
      amountMinor: 100n,
      code: 'adjustment',
    });

    const breaks = await services.ledger.reconcile();
    expect(breaks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          invariant: 'withdrawal-hold-without-withdrawal',
          subject: orphanHold,
        }),
        expect.objectContaining({ invariant: 'withdrawal-hold-mismatch', subject: approvedUnpaid }),
        expect.objectContaining({ invariant: 'withdrawal-hold-mismatch', subject: rejectedHeld }),
        expect.objectContaining({ invariant: 'withdrawal-hold-mismatch', subject: paidPending }),
        expect.objectContaining({ invariant: 'adjustment-without-audit', subject: unaudited }),
      ]),
    );
    expect(breaks).toHaveLength(5);

    const logged: { level: string; details: object; message: string }[] = [];
    const log = {
      info: (details: object, message: string) => logged.push({ level: 'info', details, message }),
      error: (details: object, message: string) =>
        logged.push({ level: 'error', details, message }),
    };
    const reconcileJob = platformJobs({
      db,
      ledger: services.ledger,
      sandboxGateway: services.sandboxGateway,
      verification: services.verification,
      log,
    }).find((job) => job.name === 'ledger-reconcile');
    await reconcileJob?.handler({});
    const errors = logged.filter((entry) => entry.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.details).toMatchObject({ breaks: expect.any(Array) });
    expect((errors[0]?.details as { breaks?: unknown[] } | undefined)?.breaks).toHaveLength(
      breaks.length,
    );
    // Kept for /metrics (ledger_reconciliation_ok), whichever instance ran the job.
    expect(await services.ledger.lastReconciliation()).toMatchObject({
      ok: false,
      breakCount: breaks.length,
    });
  });
});
