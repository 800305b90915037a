import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../../../test/admin-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../../test/test-app.js';
import { proofImageBase64 } from '../../../../test/withdrawal-helpers.js';
import { createServices } from '../../../services.js';

describe('withdrawals and their approval by an operator', () => {
  const context = useTestApp();
  let financeToken: string;
  let supportToken: string;

  async function operatorLogin(username: string, password: string) {
    const response = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username, password },
    });
    expect(response.status).toBe(200);
    return response.body.value.token as string;
  }

  beforeAll(async () => {
    const financePassword = await addOperator(context.database.db, 'finance1', 'finance');
    const supportPassword = await addOperator(context.database.db, 'support1', 'support');
    financeToken = await operatorLogin('finance1', financePassword);
    supportToken = await operatorLogin('support1', supportPassword);
  });

  /** A member with a payment password, a bank account and `funds` in the wallet. */
  async function fundedMember(funds: number) {
    const username = uniqueUsername('cash');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const token = registered.body.value.session.token as string;
    const set = await callApi(context.app, 'POST', '/wps/member/password/payment', {
      token,
      body: {
        loginPassword: 'secret123',
        paymentPassword: '123456',
        confirmPaymentPassword: '123456',
      },
    });
    expect(set.status).toBe(200);
    const account = await callApi(context.app, 'POST', '/wps/member/bank-accounts', {
      token,
      body: { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Nguyen Van An' },
    });
    expect(account.body.value.accountNumberMasked).toBe('•••• 6789');
    if (funds > 0) {
      const services = createServices(context.database.db);
      const memberId = BigInt(
        (
          await sql<{ id: string }>`SELECT id FROM members WHERE username = ${username}`.execute(
            context.database.db,
          )
        ).rows[0]?.id ?? 0,
      );
      const wallet = await services.ledger.memberAccount({
        merchantCode: 'DEMO',
        memberId,
        asset: 'cash',
        currency: 'VND',
      });
      const source = await services.ledger.systemAccount({
        merchantCode: 'DEMO',
        code: 'clearing:test',
        asset: 'cash',
        currency: 'VND',
      });
      await services.ledger.transfer({
        id: `fund-${username}`,
        debitAccountId: source,
        creditAccountId: wallet,
        amountMinor: BigInt(funds * 100),
        code: 'deposit',
      });
    }
    return { token, username, bankAccountId: account.body.value.id as number };
  }

  async function balance(token: string) {
    return (await callApi(context.app, 'GET', '/wps/v2/wallets/balance', { token })).body.value
      .sumBalance;
  }

  async function withdraw(
    token: string,
    bankAccountId: number,
    amount: number,
    paymentPassword = '123456',
    key?: string,
  ) {
    return callApi(context.app, 'POST', '/wps/payments/withdrawals', {
      token,
      body: { bankAccountId, amount, paymentPassword },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  it("offers the merchant's banks and refuses a bank that is not on the list", async () => {
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: {
        username: uniqueUsername('bank'),
        password: 'secret123',
        confirmPassword: 'secret123',
      },
    });
    const token = registered.body.value.session.token as string;
    const listed = await callApi(context.app, 'GET', '/wps/member/bank-accounts/banks', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.value.banks).toContain('Vietcombank');
    const refused = await callApi(context.app, 'POST', '/wps/member/bank-accounts', {
      token,
      body: { bankName: 'Bank of Nowhere', accountNumber: '0123456789', accountName: 'Le Van C' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
    const accounts = await callApi(context.app, 'GET', '/wps/member/bank-accounts', { token });
    expect(accounts.body.value).toEqual([]);
  });

  it('holds the amount at once and pays it out on approval, with an audit entry', async () => {
    const { token, username, bankAccountId } = await fundedMember(200_000);
    const requested = await withdraw(token, bankAccountId, 80_000, '123456', 'w-1');
    expect(requested.status).toBe(200);
    expect(requested.body.value).toMatchObject({ amount: 80_000, status: 'pending' });
    expect(await balance(token)).toBe(120_000);
    const replay = await withdraw(token, bankAccountId, 80_000, '123456', 'w-1');
    expect(replay.body.value.withdrawalId).toBe(requested.body.value.withdrawalId);
    expect(await balance(token)).toBe(120_000);

    const queue = await callApi(context.app, 'GET', '/admin/withdrawals?status=pending', {
      token: financeToken,
    });
    expect(queue.body.value.items).toContainEqual(
      expect.objectContaining({
        withdrawalId: requested.body.value.withdrawalId,
        memberAccount: username,
      }),
    );
    const approved = await callApi(context.app, 'POST', '/admin/withdrawals/approve', {
      token: financeToken,
      body: {
        withdrawalId: requested.body.value.withdrawalId,
        proofImageBase64: await proofImageBase64(),
      },
    });
    expect(approved.body.value.status).toBe('approved');
    expect(await balance(token)).toBe(120_000);
    const again = await callApi(context.app, 'POST', '/admin/withdrawals/reject', {
      token: financeToken,
      body: { withdrawalId: requested.body.value.withdrawalId, reason: 'too late' },
    });
    expect(again.body.errorCode).toBe('WITHDRAWAL_NOT_PENDING');
    // One `withdrawal.paid` event, committed with the payout.
    const paid = await sql<{ amount: string }>`
      SELECT payload->>'amountMinor' AS amount FROM events
      WHERE type = 'withdrawal.paid' AND payload->>'withdrawalId' = ${requested.body.value.withdrawalId}
    `.execute(context.database.db);
    expect(paid.rows).toEqual([{ amount: '8000000' }]);

    const services = createServices(context.database.db);
    expect(await services.ledger.reconcile()).toEqual([]);
    const log = await services.audit.page('DEMO', 1, 50);
    const entry = log.list.find((item) => item.action === 'withdrawal.approve');
    expect(entry).toMatchObject({ subjectId: requested.body.value.withdrawalId });
    expect(entry?.before).toMatchObject({ status: 'pending' });
    expect(entry?.after).toMatchObject({ status: 'approved', memberAccount: username });
  });

  it('gives the money back on rejection', async () => {
    const { token, bankAccountId } = await fundedMember(100_000);
    const requested = await withdraw(token, bankAccountId, 60_000);
    expect(await balance(token)).toBe(40_000);
    const rejected = await callApi(context.app, 'POST', '/admin/withdrawals/reject', {
      token: financeToken,
      body: { withdrawalId: requested.body.value.withdrawalId, reason: 'Account name differs' },
    });
    expect(rejected.body.value).toMatchObject({
      status: 'rejected',
      rejectReason: 'Account name differs',
    });
    expect(await balance(token)).toBe(100_000);
    const mine = await callApi(context.app, 'GET', '/wps/payments/withdrawals', { token });
    expect(mine.body.value[0]).toMatchObject({ status: 'rejected' });
    // One `withdrawal.rejected` event, committed with the release (the system message's source).
    const events = await sql<{ amount: string; reason: string }>`
      SELECT payload->>'amountMinor' AS amount, payload->>'reason' AS reason FROM events
      WHERE type = 'withdrawal.rejected' AND payload->>'withdrawalId' = ${requested.body.value.withdrawalId}
    `.execute(context.database.db);
    expect(events.rows).toEqual([{ amount: '6000000', reason: 'Account name differs' }]);
  });

  it('refuses a wrong payment password, too little money and amounts out of range', async () => {
    const { token, bankAccountId } = await fundedMember(60_000);
    expect((await withdraw(token, bankAccountId, 50_000, '654321')).body.errorCode).toBe(
      'PAYMENT_PASSWORD_INVALID',
    );
    expect((await withdraw(token, bankAccountId, 70_000)).body.errorCode).toBe(
      'INSUFFICIENT_FUNDS',
    );
    const low = await withdraw(token, bankAccountId, 1_000);
    expect(low.body).toMatchObject({
      errorCode: 'AMOUNT_OUT_OF_RANGE',
      details: { minAmount: 50_000 },
    });
    expect(await balance(token)).toBe(60_000);
  });

  it('asks for a payment password first, and keeps roles and merchants apart', async () => {
    const username = uniqueUsername('nopay');
    const token = (
      await callApi(context.app, 'PUT', '/wps/member/register', {
        body: { username, password: 'secret123', confirmPassword: 'secret123' },
      })
    ).body.value.session.token;
    const none = await callApi(context.app, 'POST', '/wps/payments/withdrawals', {
      token,
      body: { bankAccountId: 1, amount: 50_000, paymentPassword: '123456' },
    });
    expect(none.body.errorCode).toBe('PAYMENT_PASSWORD_NOT_SET');

    const forbidden = await callApi(context.app, 'POST', '/admin/withdrawals/approve', {
      token: supportToken,
      body: {
        withdrawalId: '00000000-0000-4000-8000-000000000000',
        proofImageBase64: await proofImageBase64(),
      },
    });
    expect(forbidden.status).toBe(403);
    const memberAsOperator = await callApi(context.app, 'GET', '/admin/withdrawals', { token });
    expect(memberAsOperator.status).toBe(401);
    const operatorAsMember = await callApi(context.app, 'GET', '/wps/member/info', {
      token: financeToken,
    });
    expect(operatorAsMember.status).toBe(401);
    const wrongLogin = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username: 'finance1', password: 'nope' },
    });
    expect(wrongLogin.body.errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('never lets the audit log be changed', async () => {
    await expect(sql`DELETE FROM audit_log`.execute(context.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      sql`UPDATE audit_log SET action = 'x'`.execute(context.database.db),
    ).rejects.toThrow(/append-only/);
  });
});
