import { ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setAdjustmentLimit } from '../../../test/admin-helpers.js';
import { eventsOf } from '../../../test/event-helpers.js';
import {
  balanceOf,
  fundedMember,
  ledgerBreaks,
  operatorToken,
} from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';

describe('two-person approval of large balance adjustments', () => {
  const context = useTestApp();
  let adminA: string;
  let financeB: string;
  let financeC: string;
  let support: string;
  let keyCounter = 0;

  beforeAll(async () => {
    const db = context.database.db;
    adminA = await operatorToken(context.app, db, 'two-admin', 'admin');
    financeB = await operatorToken(context.app, db, 'two-finance', 'finance');
    financeC = await operatorToken(context.app, db, 'two-finance2', 'finance');
    support = await operatorToken(context.app, db, 'two-support', 'support');
  });

  function nextKey() {
    keyCounter += 1;
    return `two-${keyCounter}`;
  }

  function adjust(token: string, body: object, key = nextKey()) {
    return callApi(context.app, 'POST', '/admin/members/adjust-balance', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });
  }
  function decide(token: string, action: 'approve' | 'reject', body: object) {
    return callApi(context.app, 'POST', `/admin/adjustments/${action}`, { token, body });
  }

  it('moves at once up to the limit and waits above it (default 1,000.00)', async () => {
    expect(ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR).toBe(100_000);
    const member = await fundedMember(context.app, context.database.db, 0);
    const atLimit = await adjust(adminA, { account: member.username, amount: 1000, reason: 'ok' });
    expect(atLimit.body.value).toMatchObject({ status: 'completed', balanceAfter: 1000 });
    const above = await adjust(adminA, {
      account: member.username,
      amount: 1000.01,
      reason: 'big',
    });
    expect(above.status).toBe(200);
    expect(above.body.value).toMatchObject({ status: 'pending', amount: 1000.01 });
    const debitAbove = await adjust(adminA, {
      account: member.username,
      amount: -1500,
      reason: 'd',
    });
    expect(debitAbove.body.value.status).toBe('pending');
    expect(await balanceOf(context.app, member.token)).toBe(1000);
    const pending = await callApi(context.app, 'GET', '/admin/adjustments/pending', {
      token: support,
    });
    expect(pending.body.value.secondApprovalAbove).toBe(1000);
    expect(pending.body.value.list.map((row: { id: string }) => row.id)).toEqual([
      above.body.value.requestId,
      debitAbove.body.value.requestId,
    ]);
    expect(pending.body.value.list[0]).toMatchObject({
      account: member.username,
      requestedByUsername: 'two-admin',
      reason: 'big',
      status: 'pending',
    });
  });

  it("uses the merchant's own limit when it has one", async () => {
    await setAdjustmentLimit(context.database.db, 5_000n);
    try {
      const member = await fundedMember(context.app, context.database.db, 0);
      const small = await adjust(adminA, { account: member.username, amount: 50, reason: 'ok' });
      expect(small.body.value.status).toBe('completed');
      const big = await adjust(adminA, { account: member.username, amount: 50.01, reason: 'big' });
      expect(big.body.value.status).toBe('pending');
    } finally {
      await setAdjustmentLimit(context.database.db, BigInt(ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR));
    }
  });

  it('refuses the operator who asked, and moves the money on approval by another, once', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const body = { account: member.username, amount: 2500.5, reason: 'tournament prize' };
    const asked = await adjust(financeB, body, 'two-replay');
    const requestId = asked.body.value.requestId as string;
    const replay = await adjust(financeB, body, 'two-replay');
    expect(replay.body.value.requestId).toBe(requestId);
    const mismatch = await adjust(financeB, { ...body, amount: 2600 }, 'two-replay');
    expect(mismatch.body.errorCode).toBe('IDEMPOTENCY_KEY_MISMATCH');

    const own = await decide(financeB, 'approve', { requestId });
    expect(own.status).toBe(403);
    expect(own.body.errorCode).toBe('ADJUSTMENT_SAME_OPERATOR');
    expect((await decide(support, 'approve', { requestId })).body.errorCode).toBe('FORBIDDEN');
    expect(await balanceOf(context.app, member.token)).toBe(0);

    const approved = await decide(adminA, 'approve', { requestId });
    expect(approved.status).toBe(200);
    expect(approved.body.value).toMatchObject({
      status: 'approved',
      decidedByUsername: 'two-admin',
      balanceAfter: 2500.5,
    });
    expect(await balanceOf(context.app, member.token)).toBe(2500.5);
    const again = await decide(financeC, 'approve', { requestId });
    expect(again.body.errorCode).toBe('ADJUSTMENT_NOT_PENDING');
    expect(await balanceOf(context.app, member.token)).toBe(2500.5);

    const log = await callApi(
      context.app,
      'GET',
      `/admin/audit-log?subjectId=${member.id}&limit=100`,
      { token: adminA },
    );
    type Entry = { action: string; operatorUsername: string; after: { requestedBy?: string } };
    // Subject ids are per subject type: an operator may share the member's number.
    const entries = (log.body.value.items as Entry[])
      .filter((entry) => entry.action.startsWith('member.'))
      .map((entry) => [entry.action, entry.operatorUsername, entry.after.requestedBy ?? null]);
    expect(entries).toEqual([
      ['member.adjust-balance', 'two-admin', 'two-finance'],
      ['member.adjust-balance.request', 'two-finance', null],
    ]);
    const events = await eventsOf(context.database.db, 'balance.adjusted', member.id);
    expect(events).toHaveLength(1);
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });

  it('moves the money once when two approvals race', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const requests: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const asked = await adjust(adminA, {
        account: member.username,
        amount: 1200,
        reason: `race ${index}`,
      });
      requests.push(asked.body.value.requestId);
    }
    for (const requestId of requests) {
      const answers = await Promise.all([
        decide(financeB, 'approve', { requestId }),
        decide(financeC, 'approve', { requestId }),
        decide(financeB, 'approve', { requestId }),
        decide(financeC, 'reject', { requestId, reason: 'late' }),
      ]);
      const succeeded = answers.filter((answer) => answer.status === 200);
      expect(succeeded).toHaveLength(1);
      for (const answer of answers.filter((item) => item.status !== 200)) {
        expect(answer.body.errorCode).toBe('ADJUSTMENT_NOT_PENDING');
      }
    }
    const approvals = await eventsOf(context.database.db, 'balance.adjusted', member.id);
    expect((await balanceOf(context.app, member.token)) / 1200).toBe(approvals.length);
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });

  it('rejects with a reason: nothing moves, and a rejected request is decided for good', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const asked = await adjust(adminA, { account: member.username, amount: 5000, reason: 'typo?' });
    const requestId = asked.body.value.requestId as string;
    expect((await decide(adminA, 'reject', { requestId, reason: 'x' })).body.errorCode).toBe(
      'ADJUSTMENT_SAME_OPERATOR',
    );
    const rejected = await decide(financeB, 'reject', { requestId, reason: 'wrong amount' });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', rejectReason: 'wrong amount' });
    expect((await decide(financeC, 'approve', { requestId })).body.errorCode).toBe(
      'ADJUSTMENT_NOT_PENDING',
    );
    expect(await balanceOf(context.app, member.token)).toBe(0);
    expect((await decide(financeB, 'approve', { requestId: '999999' })).body.errorCode).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses a debit above the balance at approval time, and the request stays pending', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const asked = await adjust(adminA, { account: member.username, amount: -2000, reason: 'claw' });
    const requestId = asked.body.value.requestId as string;
    const refused = await decide(financeB, 'approve', { requestId });
    expect(refused.body.errorCode).toBe('INSUFFICIENT_FUNDS');
    const pending = await callApi(context.app, 'GET', '/admin/adjustments/pending', {
      token: financeB,
    });
    expect(pending.body.value.list.map((row: { id: string }) => row.id)).toContain(requestId);
  });
});
