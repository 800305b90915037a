import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntriesOf,
  refuseAuditEntries,
  transfersWithId,
} from '../../../../test/audit-helpers.js';
import { BASE_MANUAL_BANK_DETAILS } from '../../../../test/fixtures/base-merchant.js';
import {
  balanceOf,
  fundedMember,
  ledgerBreaks,
  operatorToken,
} from '../../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../../test/test-app.js';

describe('manual bank deposits approved by an operator', () => {
  const context = useTestApp();
  let financeToken: string;
  let supportToken: string;

  beforeAll(async () => {
    financeToken = await operatorToken(context.app, context.database.db, 'finance2', 'finance');
    supportToken = await operatorToken(context.app, context.database.db, 'support2', 'support');
  });

  async function submit(token: string, amount: number, key: string, payerReference = 'REF 123') {
    return callApi(context.app, 'POST', '/wps/payments/deposits', {
      token,
      headers: { 'idempotency-key': key },
      body: { methodCode: 'manual-bank', amount, payerReference },
    });
  }

  it("shows the operator's bank details with the method", async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const methods = await callApi(context.app, 'GET', '/wps/payments/methods', {
      token: member.token,
    });
    const manual = methods.body.value.find(
      (method: { kind: string }) => method.kind === 'manual_bank',
    );
    expect(manual).toMatchObject({
      code: 'manual-bank',
      bankDetails: BASE_MANUAL_BANK_DETAILS,
      minAmount: 50_000,
    });
    const sandbox = methods.body.value.find(
      (method: { kind: string }) => method.kind === 'sandbox',
    );
    expect(sandbox.bankDetails).toBeNull();
  });

  it('stays pending until approved, then credits once, with an audit entry', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const submitted = await submit(member.token, 100_000, 'm-1');
    expect(submitted.status).toBe(200);
    expect(submitted.body.value).toMatchObject({ status: 'pending', payUrl: null });
    const depositId = submitted.body.value.depositId as string;
    const replay = await submit(member.token, 100_000, 'm-1');
    expect(replay.body.value.depositId).toBe(depositId);
    const mismatch = await submit(member.token, 100_000, 'm-1', 'OTHER');
    expect(mismatch.status).toBe(422);
    expect(await balanceOf(context.app, member.token)).toBe(0);

    const queue = await callApi(context.app, 'GET', '/admin/deposits?status=pending', {
      token: supportToken,
    });
    expect(queue.status).toBe(200);
    expect(queue.body.value.items).toContainEqual(
      expect.objectContaining({
        depositId,
        memberAccount: member.username,
        payerReference: 'REF 123',
      }),
    );
    const denied = await callApi(context.app, 'POST', '/admin/deposits/approve', {
      token: supportToken,
      body: { depositId },
    });
    expect(denied.status).toBe(403);
    const asMember = await callApi(context.app, 'POST', '/admin/deposits/approve', {
      token: member.token,
      body: { depositId },
    });
    expect(asMember.status).toBe(401);

    const approved = await callApi(context.app, 'POST', '/admin/deposits/approve', {
      token: financeToken,
      body: { depositId },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.value.status).toBe('completed');
    expect(await balanceOf(context.app, member.token)).toBe(100_000);
    const again = await callApi(context.app, 'POST', '/admin/deposits/approve', {
      token: financeToken,
      body: { depositId },
    });
    expect(again.body.errorCode).toBe('DEPOSIT_NOT_PENDING');
    const reject = await callApi(context.app, 'POST', '/admin/deposits/reject', {
      token: financeToken,
      body: { depositId, reason: 'too late' },
    });
    expect(reject.body.errorCode).toBe('DEPOSIT_NOT_PENDING');
    expect(await balanceOf(context.app, member.token)).toBe(100_000);
    const seen = await callApi(context.app, 'GET', `/wps/payments/deposit?depositId=${depositId}`, {
      token: member.token,
    });
    expect(seen.body.value.status).toBe('completed');

    const admin = await operatorToken(context.app, context.database.db, 'auditor2', 'admin');
    const log = await callApi(context.app, 'GET', '/admin/audit-log', { token: admin });
    expect(log.body.value.items).toContainEqual(
      expect.objectContaining({ action: 'deposit.approve', subjectId: depositId }),
    );
  });

  it('approves nothing when its audit entry cannot be written: no credit, still pending', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const submitted = await submit(member.token, 80_000, 'audit-fail-approve');
    const depositId = submitted.body.value.depositId as string;
    const db = context.database.db;
    const allow = await refuseAuditEntries(db, 'deposit.approve');
    try {
      const refused = await callApi(context.app, 'POST', '/admin/deposits/approve', {
        token: financeToken,
        body: { depositId },
      });
      expect(refused.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await transfersWithId(db, `deposit:${depositId}`)).toBe(0);
    expect(await balanceOf(context.app, member.token)).toBe(0);
    const row = await db
      .selectFrom('deposits')
      .select('status')
      .where('id', '=', depositId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');

    // Nothing half-done is left: the next approval goes through at once, credited once.
    const approved = await callApi(context.app, 'POST', '/admin/deposits/approve', {
      token: financeToken,
      body: { depositId },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.value.status).toBe('completed');
    expect(await balanceOf(context.app, member.token)).toBe(80_000);
    expect(await transfersWithId(db, `deposit:${depositId}`)).toBe(1);
    expect(await auditEntriesOf(db, 'deposit.approve', depositId)).toBe(1);
  });

  it('rejects nothing when its audit entry cannot be written: still pending', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const submitted = await submit(member.token, 90_000, 'audit-fail-reject');
    const depositId = submitted.body.value.depositId as string;
    const db = context.database.db;
    const allow = await refuseAuditEntries(db, 'deposit.reject');
    try {
      const refused = await callApi(context.app, 'POST', '/admin/deposits/reject', {
        token: financeToken,
        body: { depositId, reason: 'not seen' },
      });
      expect(refused.status).toBe(500);
    } finally {
      await allow();
    }
    const row = await db
      .selectFrom('deposits')
      .select(['status', 'reject_reason'])
      .where('id', '=', depositId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', reject_reason: null });
    expect(await auditEntriesOf(db, 'deposit.reject', depositId)).toBe(0);
  });

  it('credits once when approvals and a rejection race', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const submitted = await submit(member.token, 70_000, 'race-1');
    const depositId = submitted.body.value.depositId as string;
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () =>
        callApi(context.app, 'POST', '/admin/deposits/approve', {
          token: financeToken,
          body: { depositId },
        }),
      ),
      ...Array.from({ length: 4 }, () =>
        callApi(context.app, 'POST', '/admin/deposits/reject', {
          token: financeToken,
          body: { depositId, reason: 'race' },
        }),
      ),
    ]);
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((answer) => answer.status !== 200)) {
      expect(loser.body.errorCode).toBe('DEPOSIT_NOT_PENDING');
    }
    const credited = winners[0]?.body.value.status === 'completed' ? 70_000 : 0;
    expect(await balanceOf(context.app, member.token)).toBe(credited);
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });

  it('rejects: nothing credited, the reason kept; limits and a missing reference refused', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const submitted = await submit(member.token, 60_000, 'rej-1');
    const depositId = submitted.body.value.depositId as string;
    const rejected = await callApi(context.app, 'POST', '/admin/deposits/reject', {
      token: financeToken,
      body: { depositId, reason: 'no money arrived' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.value).toMatchObject({
      status: 'rejected',
      rejectReason: 'no money arrived',
    });
    expect(await balanceOf(context.app, member.token)).toBe(0);
    const seen = await callApi(context.app, 'GET', `/wps/payments/deposit?depositId=${depositId}`, {
      token: member.token,
    });
    expect(seen.body.value.status).toBe('rejected');

    const tooSmall = await submit(member.token, 10_000, 'small-1');
    expect(tooSmall.body.errorCode).toBe('AMOUNT_OUT_OF_RANGE');
    const tooLarge = await submit(member.token, 600_000_000, 'large-1');
    expect(tooLarge.body.errorCode).toBe('AMOUNT_OUT_OF_RANGE');
    const noReference = await callApi(context.app, 'POST', '/wps/payments/deposits', {
      token: member.token,
      body: { methodCode: 'manual-bank', amount: 60_000 },
    });
    expect(noReference.status).toBe(400);
    expect(noReference.body.details?.field ?? 'payerReference').toBe('payerReference');
  });

  it('pages the pending queue oldest first by cursor, each deposit once, and refuses a bad cursor', async () => {
    const submitted: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const member = await fundedMember(context.app, context.database.db, 0);
      const answer = await submit(member.token, 50_000 + index, `page-${index}`, `PAGE ${index}`);
      expect(answer.status).toBe(200);
      submitted.push(answer.body.value.depositId as string);
    }
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await callApi(
        context.app,
        'GET',
        `/admin/deposits?status=pending&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { token: supportToken },
      );
      expect(page.status).toBe(200);
      expect(page.body.value.items.length).toBeLessThanOrEqual(2);
      listed.push(...page.body.value.items.map((row: { depositId: string }) => row.depositId));
      cursor = page.body.value.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(listed).size).toBe(listed.length);
    // Oldest first: this test's deposits come last, in the order they were made.
    expect(listed.slice(-submitted.length)).toEqual(submitted);
    const bad = await callApi(context.app, 'GET', '/admin/deposits?cursor=AAAA', {
      token: supportToken,
      language: 'vi',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, errorCode: 'PAGE_CURSOR_INVALID' });
    expect(bad.body.message).toContain('trang');
  });
});
