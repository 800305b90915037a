import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fundedMember, operatorToken, type TestMember } from '../../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../../test/test-app.js';

const context = useTestApp();
const db = () => context.database.db;

/** The limits the finance operator sets (major units of the fixture merchant's VND). */
const LIMITS = { minAmount: 50_000, maxAmount: 100_000, dailyCountMax: 2, dailyAmountMax: 150_000 };
const BANK = {
  bankName: 'Techcombank',
  accountName: 'CONG TY DEMO',
  accountNumber: '1903 5555 0001',
  branch: 'Ha Noi',
};

async function setLimits(token: string, body: object) {
  return callApi(context.app, 'POST', '/admin/payments/withdrawal-limits', { token, body });
}

async function bankAccountOf(member: TestMember): Promise<number> {
  const account = await callApi(context.app, 'POST', '/wps/member/bank-accounts', {
    token: member.token,
    body: { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Nguyen Van An' },
  });
  expect(account.status).toBe(200);
  return account.body.value.id as number;
}

function withdraw(member: TestMember, bankAccountId: number, amount: number) {
  return callApi(context.app, 'POST', '/wps/payments/withdrawals', {
    token: member.token,
    body: { bankAccountId, amount, paymentPassword: '123456' },
  });
}

async function auditOf(action: string) {
  const result = await sql<{ before: unknown; after: unknown; operator_role: string }>`
    SELECT before, after, operator_role FROM audit_log WHERE action = ${action} ORDER BY id
  `.execute(db());
  return result.rows;
}

describe('withdrawal limits and the manual bank account in the console', () => {
  it('shows the limits to a withdrawals reader and lets finance change them, audited', async () => {
    const support = await operatorToken(context.app, db(), 'wl-support', 'support');
    const read = await callApi(context.app, 'GET', '/admin/payments/withdrawal-limits', {
      token: support,
    });
    expect(read.status).toBe(200);
    expect(read.body.value).toEqual({
      currency: 'VND',
      minAmount: 50_000,
      maxAmount: 50_000_000,
      dailyCountMax: null,
      dailyAmountMax: null,
    });
    expect((await setLimits(support, LIMITS)).status).toBe(403);

    const finance = await operatorToken(context.app, db(), 'wl-finance', 'finance');
    const changed = await setLimits(finance, LIMITS);
    expect(changed.status).toBe(200);
    expect(changed.body.value).toMatchObject(LIMITS);
    const [entry] = await auditOf('payments.withdrawal-limits.update');
    expect(entry).toMatchObject({
      operator_role: 'finance',
      before: { maxAmount: 50_000_000, dailyCountMax: null },
      after: { maxAmount: 100_000, dailyCountMax: 2, dailyAmountMax: 150_000 },
    });
  });

  it('refuses limits that clash before anything changes', async () => {
    const finance = await operatorToken(context.app, db(), 'wl-finance2', 'finance');
    const dailyBelowOne = await setLimits(finance, { ...LIMITS, dailyAmountMax: 90_000 });
    expect(dailyBelowOne.status).toBe(400);
    expect(dailyBelowOne.body.details).toMatchObject({ field: 'dailyAmountMax' });
    expect((await setLimits(finance, { ...LIMITS, minAmount: 200_000 })).status).toBe(400);
    expect((await setLimits(finance, { ...LIMITS, dailyCountMax: 0 })).status).toBe(400);
    expect((await setLimits(finance, { ...LIMITS, dailyCountMax: 1.5 })).status).toBe(400);
  });

  it('holds every withdrawal request to the limits per request and per member in 24 hours', async () => {
    const finance = await operatorToken(context.app, db(), 'wl-finance3', 'finance');
    expect((await setLimits(finance, LIMITS)).status).toBe(200);
    const member = await fundedMember(context.app, db(), 1_000_000, 'wlmember');
    const account = await bankAccountOf(member);

    const tooLarge = await withdraw(member, account, 120_000);
    expect(tooLarge.body).toMatchObject({
      errorCode: 'AMOUNT_OUT_OF_RANGE',
      details: { maxAmount: 100_000 },
    });
    expect((await withdraw(member, account, 100_000)).status).toBe(200);
    const overDaily = await withdraw(member, account, 60_000);
    expect(overDaily.status).toBe(409);
    expect(overDaily.body).toMatchObject({
      errorCode: 'WITHDRAWAL_DAILY_AMOUNT_EXCEEDED',
      details: { maxAmount: 150_000, remainingAmount: 50_000 },
    });
    expect(overDaily.body.message).not.toContain('{{');
    expect((await withdraw(member, account, 50_000)).status).toBe(200);
    const third = await withdraw(member, account, 50_000);
    expect(third.body).toMatchObject({
      errorCode: 'WITHDRAWAL_DAILY_COUNT_EXCEEDED',
      details: { maxCount: 2 },
    });

    // A day later the window is empty again.
    await sql`
      UPDATE withdrawals SET created_at = created_at - interval '25 hours'
      WHERE member_id = ${member.id}
    `.execute(db());
    expect((await withdraw(member, account, 50_000)).status).toBe(200);
  });

  it('lets only one of two simultaneous requests through a daily count of one', async () => {
    const finance = await operatorToken(context.app, db(), 'wl-finance4', 'finance');
    expect((await setLimits(finance, { ...LIMITS, dailyCountMax: 1 })).status).toBe(200);
    const member = await fundedMember(context.app, db(), 1_000_000, 'wlrace');
    const account = await bankAccountOf(member);
    const answers = await Promise.all([
      withdraw(member, account, 50_000),
      withdraw(member, account, 60_000),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it("sets the manual bank method's account, audited, and the player's deposit methods show it", async () => {
    const finance = await operatorToken(context.app, db(), 'wl-finance5', 'finance');
    const set = await callApi(context.app, 'POST', '/admin/payments/methods/bank', {
      token: finance,
      body: { code: 'manual-bank', bankDetails: BANK },
    });
    expect(set.status).toBe(200);
    expect(set.body.value).toMatchObject({ code: 'manual-bank', bankDetails: BANK });
    const player = await fundedMember(context.app, db(), 0, 'wlbank');
    const methods = await callApi(context.app, 'GET', '/wps/payments/methods', {
      token: player.token,
    });
    const manual = methods.body.value.find(
      (method: { code: string }) => method.code === 'manual-bank',
    );
    expect(manual.bankDetails).toEqual(BANK);
    const [entry] = await auditOf('payments.method.bank-details');
    expect(entry).toMatchObject({ after: { bankDetails: BANK } });

    const sandbox = await callApi(context.app, 'POST', '/admin/payments/methods/bank', {
      token: finance,
      body: { code: 'sandbox', bankDetails: BANK },
    });
    expect(sandbox.status).toBe(404);
    const badNumber = await callApi(context.app, 'POST', '/admin/payments/methods/bank', {
      token: finance,
      body: { code: 'manual-bank', bankDetails: { ...BANK, accountNumber: '<script>' } },
    });
    expect(badNumber.status).toBe(400);
    const content = await operatorToken(context.app, db(), 'wl-content', 'content');
    const refused = await callApi(context.app, 'POST', '/admin/payments/methods/bank', {
      token: content,
      body: { code: 'manual-bank', bankDetails: BANK },
    });
    expect(refused.status).toBe(403);
  });
});
