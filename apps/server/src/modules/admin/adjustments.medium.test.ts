import { beforeAll, describe, expect, it } from 'vitest';
import { NO_SECOND_APPROVAL_MINOR, setAdjustmentLimit } from '../../../test/admin-helpers.js';
import { eventsOf } from '../../../test/event-helpers.js';
import {
  balanceOf,
  fundedMember,
  ledgerBreaks,
  operatorToken,
} from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';

describe('operator balance adjustments', () => {
  const context = useTestApp();
  let adminToken: string;
  let supportToken: string;

  beforeAll(async () => {
    adminToken = await operatorToken(context.app, context.database.db, 'admin3', 'admin');
    supportToken = await operatorToken(context.app, context.database.db, 'support3', 'support');
    // These tests are of the one-step adjustment: the two-person rule above the limit is
    // adjustment-approval.medium.test.ts's.
    await setAdjustmentLimit(context.database.db, NO_SECOND_APPROVAL_MINOR);
  });

  function adjust(token: string, body: object, key?: string) {
    return callApi(context.app, 'POST', '/admin/members/adjust-balance', {
      token,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  it('credits and debits with a reason, once per key, audited with before and after', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const credited = await adjust(
      adminToken,
      { account: member.username.toUpperCase(), amount: 1234.5, reason: 'goodwill' },
      'adj-1',
    );
    expect(credited.status).toBe(200);
    expect(credited.body.value).toMatchObject({
      account: member.username,
      amount: 1234.5,
      balanceBefore: 0,
      balanceAfter: 1234.5,
    });
    const replay = await adjust(
      adminToken,
      { account: member.username, amount: 1234.5, reason: 'goodwill' },
      'adj-1',
    );
    expect(replay.status).toBe(200);
    expect(await balanceOf(context.app, member.token)).toBe(1234.5);
    const mismatch = await adjust(
      adminToken,
      { account: member.username, amount: 99, reason: 'goodwill' },
      'adj-1',
    );
    expect(mismatch.status).toBe(422);

    const debited = await adjust(
      adminToken,
      { account: member.username, amountMinor: -23_450, reason: 'correction' },
      'adj-2',
    );
    expect(debited.body.value).toMatchObject({ amount: -234.5, balanceAfter: 1000 });
    expect(await balanceOf(context.app, member.token)).toBe(1000);

    const log = await callApi(context.app, 'GET', '/admin/audit-log', { token: adminToken });
    const entries = log.body.value.items.filter(
      (entry: { action: string; subjectId: string }) =>
        entry.action === 'member.adjust-balance' && entry.subjectId === member.id.toString(),
    );
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      before: { availableBalance: 0 },
      after: { availableBalance: 1234.5, reason: 'goodwill' },
    });
    // Each entry names who adjusted and in which role they were allowed to.
    for (const entry of entries) {
      expect(entry).toMatchObject({ operatorUsername: expect.any(String), role: 'admin' });
    }
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });

  it('replays exactly the first answer, whatever moved since', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const body = { account: member.username, amount: 100, reason: 'first' };
    const first = await adjust(adminToken, body, 'replay-1');
    expect(first.body.value).toMatchObject({ balanceBefore: 0, balanceAfter: 100 });
    const later = await adjust(
      adminToken,
      { account: member.username, amount: 50, reason: 'later' },
      'replay-2',
    );
    expect(later.body.value).toMatchObject({ balanceBefore: 100, balanceAfter: 150 });
    const replay = await adjust(adminToken, body, 'replay-1');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await balanceOf(context.app, member.token)).toBe(150);
    const log = await callApi(context.app, 'GET', '/admin/audit-log?limit=100', {
      token: adminToken,
    });
    const entries = log.body.value.items.filter(
      (entry: { action: string; subjectId: string }) =>
        entry.action === 'member.adjust-balance' && entry.subjectId === member.id.toString(),
    );
    expect(entries).toHaveLength(2);
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });

  it('never debits below zero, even when many debits race', async () => {
    const member = await fundedMember(context.app, context.database.db, 500);
    const over = await adjust(
      adminToken,
      { account: member.username, amount: -500.01, reason: 'too much' },
      'over-1',
    );
    expect(over.body.errorCode).toBe('INSUFFICIENT_FUNDS');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        adjust(
          adminToken,
          { account: member.username, amount: -100, reason: 'race' },
          `race-${index}`,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(await balanceOf(context.app, member.token)).toBe(0);
    expect(await ledgerBreaks(context.database.db)).toEqual([]);
  });

  it('is for admins and finance only, needs a key and a reason, and names no unknown account', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const body = { account: member.username, amount: 10, reason: 'x' };
    expect((await adjust(supportToken, body, 'f-1')).status).toBe(403);
    expect((await adjust(member.token, body, 'm-1')).status).toBe(401);
    expect((await adjust(adminToken, body)).body.errorCode).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await adjust(adminToken, { ...body, reason: ' ' }, 'r-1')).status).toBe(400);
    expect((await adjust(adminToken, { ...body, amount: 0 }, 'z-1')).status).toBe(400);
    const unknown = await adjust(adminToken, { ...body, account: 'nobody000' }, 'u-1');
    expect(unknown.body.errorCode).toBe('NOT_FOUND');
    expect(await balanceOf(context.app, member.token)).toBe(0);
  });

  it('appends one balance.adjusted event with each adjustment, none for a replay', async () => {
    const member = await fundedMember(context.app, context.database.db, 0);
    const body = { account: member.username, amount: 12.5, reason: 'event' };
    expect((await adjust(adminToken, body, 'event-1')).status).toBe(200);
    expect((await adjust(adminToken, body, 'event-1')).status).toBe(200);
    const debit = { account: member.username, amount: -2.5, reason: 'event' };
    expect((await adjust(adminToken, debit, 'event-2')).status).toBe(200);
    const events = await eventsOf(context.database.db, 'balance.adjusted', member.id);
    expect(events.map((event) => event.payload.amountMinor)).toEqual(['1250', '-250']);
    expect(events[0]?.payload).toMatchObject({ memberId: member.id.toString(), currency: 'VND' });
  });
});
