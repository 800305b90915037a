import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { createPaymentsRepository } from './repository.js';
import { CALLBACK_MAX_AGE_MS, callbackTimestamp, signCallback } from './signature.js';

describe('deposits through the sandbox gateway', () => {
  const context = useTestApp();

  async function member() {
    const username = uniqueUsername('payer');
    const { body } = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    return body.value.session.token as string;
  }

  async function deposit(token: string, amount: number, key?: string) {
    return callApi(context.app, 'POST', '/wps/payments/deposits', {
      token,
      body: { methodCode: 'sandbox', amount },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  async function depositStatus(token: string, depositId: string) {
    return (
      await callApi(context.app, 'GET', `/wps/payments/deposit?depositId=${depositId}`, { token })
    ).body.value.status as string;
  }

  async function waitForStatus(token: string, depositId: string, wanted: string) {
    const deadline = Date.now() + 5_000;
    let status = await depositStatus(token, depositId);
    while (status !== wanted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await depositStatus(token, depositId);
    }
    return status;
  }

  async function balance(token: string) {
    return (await callApi(context.app, 'GET', '/wps/v2/wallets/balance', { token })).body.value;
  }

  async function payOnGatewayPage(payUrl: string, action: 'pay' | 'decline') {
    const page = await context.app.inject(payUrl);
    expect(page.statusCode).toBe(200);
    const submitted = await context.app.inject({
      method: 'POST',
      url: payUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });
    expect(submitted.statusCode).toBe(303);
    return { page: page.body, location: submitted.headers.location };
  }

  it('lists the methods with their limits', async () => {
    const token = await member();
    const { body } = await callApi(context.app, 'GET', '/wps/payments/methods', { token });
    expect(body.value).toEqual([
      expect.objectContaining({
        code: 'sandbox',
        currency: 'VND',
        minAmount: 10_000,
        maxAmount: 100_000_000,
        bankDetails: null,
      }),
      // The manual bank method (approved by an operator): see manual/manual-deposits.medium.test.ts.
      expect.objectContaining({ code: 'manual-bank', kind: 'manual_bank' }),
    ]);
  });

  it('credits a paid deposit once, after the signed callback', async () => {
    const token = await member();
    const created = await deposit(token, 150_000.5);
    expect(created.status).toBe(200);
    const { depositId, payUrl, status } = created.body.value;
    expect(status).toBe('pending');
    expect(payUrl).toMatch(/^\/sandbox-gateway\/pay\/sbx_[0-9a-f]{24}$/);

    const { page, location } = await payOnGatewayPage(payUrl, 'pay');
    expect(page).toContain('150,000.50 VND');
    expect(location).toBe(`/?deposit=${depositId}`);
    expect(await waitForStatus(token, depositId, 'completed')).toBe('completed');
    const after = await balance(token);
    expect(after.sumBalance).toBe(150_000.5);
    expect(after.wallets).toEqual([
      { type: 'cash', balance: 150_000.5, currency: 'VND', currencySymbol: '₫' },
      { type: 'bonus', balance: 0, currency: 'VND', currencySymbol: '₫' },
    ]);

    // The gateway sends the callback again (lost acknowledgement): nothing more is credited.
    const paymentId = payUrl.split('/').pop() as string;
    const gateway = createServices(context.database.db).sandboxGateway;
    expect(await gateway.deliver(paymentId)).toBe(true);
    expect((await balance(token)).sumBalance).toBe(150_000.5);
    // One `deposit.credited` event, committed with the credit, however often the callback came.
    const credited = await sql<{ amount: string }>`
      SELECT payload->>'amountMinor' AS amount FROM events
      WHERE type = 'deposit.credited' AND payload->>'depositId' = ${depositId}
    `.execute(context.database.db);
    expect(credited.rows).toEqual([{ amount: '15000050' }]);
    // A second choice on the page changes nothing either.
    await payOnGatewayPage(payUrl, 'decline');
    expect(await depositStatus(token, depositId)).toBe('completed');
  });

  it('marks a declined deposit failed and credits nothing', async () => {
    const token = await member();
    const { depositId, payUrl } = (await deposit(token, 20_000)).body.value;
    await payOnGatewayPage(payUrl, 'decline');
    expect(await waitForStatus(token, depositId, 'failed')).toBe('failed');
    expect((await balance(token)).sumBalance).toBe(0);
  });

  it("lists the member's own deposits in every state, newest first", async () => {
    const token = await member();
    const declined = (await deposit(token, 20_000)).body.value;
    await payOnGatewayPage(declined.payUrl, 'decline');
    expect(await waitForStatus(token, declined.depositId, 'failed')).toBe('failed');
    const pending = (await deposit(token, 30_000)).body.value;
    const listed = await callApi(context.app, 'GET', '/wps/payments/deposits', { token });
    expect(listed.status).toBe(200);
    expect(
      listed.body.value.map((row: { depositId: string; status: string; amount: number }) => [
        row.depositId,
        row.status,
        row.amount,
      ]),
    ).toEqual([
      [pending.depositId, 'pending', 30_000],
      [declined.depositId, 'failed', 20_000],
    ]);
    const stranger = await member();
    expect(
      (await callApi(context.app, 'GET', '/wps/payments/deposits', { token: stranger })).body.value,
    ).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the same deposit', async () => {
    const token = await member();
    const first = await deposit(token, 30_000, 'key-1');
    const again = await deposit(token, 30_000, 'key-1');
    expect(again.body.value.depositId).toBe(first.body.value.depositId);
    expect(again.body.value.payUrl).toBe(first.body.value.payUrl);
    const other = await deposit(token, 40_000, 'key-1');
    expect(other.status).toBe(422);
    expect(other.body.errorCode).toBe('IDEMPOTENCY_KEY_MISMATCH');
  });

  it('refuses amounts outside the method limits or with more than two decimals', async () => {
    const token = await member();
    const low = await deposit(token, 9_999.99);
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({
      errorCode: 'AMOUNT_OUT_OF_RANGE',
      details: { field: 'amount', minAmount: 10_000, maxAmount: 100_000_000 },
    });
    const precise = await deposit(token, 10_000.001);
    expect(precise.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      details: { field: 'amount' },
    });
    const unknown = await callApi(context.app, 'POST', '/wps/payments/deposits', {
      token,
      body: { methodCode: 'nope', amount: 20_000 },
    });
    expect(unknown.body.errorCode).toBe('PAYMENT_METHOD_UNAVAILABLE');
  });

  it('refuses forged or altered callbacks, and hides other members’ deposits', async () => {
    const token = await member();
    const { depositId, payUrl } = (await deposit(token, 50_000)).body.value;
    const body = JSON.stringify({
      merchantCode: 'DEMO',
      methodCode: 'sandbox',
      paymentId: payUrl.split('/').pop(),
      merchantOrderId: depositId,
      amountMinor: '5000000',
      currency: 'VND',
      status: 'paid',
    });
    const forged = await context.app.inject({
      method: 'POST',
      url: '/callbacks/payments/DEMO/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': callbackTimestamp(Date.now()),
        'x-signature': signCallback(callbackTimestamp(Date.now()), body, 'guessed-secret'),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(403);
    expect(await depositStatus(token, depositId)).toBe('pending');
    expect((await balance(token)).sumBalance).toBe(0);

    const stranger = await member();
    const peek = await callApi(context.app, 'GET', `/wps/payments/deposit?depositId=${depositId}`, {
      token: stranger,
    });
    expect(peek.status).toBe(404);
  });

  it('refuses a rightly signed callback whose timestamp is too old or too far ahead', async () => {
    const token = await member();
    const { depositId, payUrl } = (await deposit(token, 20_000)).body.value;
    const secret = (await createPaymentsRepository(context.database.db).methods('DEMO')).find(
      (method) => method.code === 'sandbox',
    )?.callbackSecret as string;
    const body = JSON.stringify({
      merchantCode: 'DEMO',
      methodCode: 'sandbox',
      paymentId: payUrl.split('/').pop(),
      merchantOrderId: depositId,
      amountMinor: '2000000',
      currency: 'VND',
      status: 'paid',
    });
    const send = (timestamp: string, signedTimestamp = timestamp) =>
      context.app.inject({
        method: 'POST',
        url: '/callbacks/payments/DEMO/sandbox',
        headers: {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-signature': signCallback(signedTimestamp, body, secret),
        },
        payload: body,
      });
    const skewMs = CALLBACK_MAX_AGE_MS + 60_000;
    expect((await send(callbackTimestamp(Date.now() - skewMs))).statusCode).toBe(403);
    expect((await send(callbackTimestamp(Date.now() + skewMs))).statusCode).toBe(403);
    // The timestamp is part of what is signed: a fresh header on an old signature fails too.
    const old = callbackTimestamp(Date.now() - skewMs);
    expect((await send(callbackTimestamp(Date.now()), old)).statusCode).toBe(403);
    const missing = await context.app.inject({
      method: 'POST',
      url: '/callbacks/payments/DEMO/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-signature': signCallback('', body, secret),
      },
      payload: body,
    });
    expect(missing.statusCode).toBe(400);
    expect(await depositStatus(token, depositId)).toBe('pending');

    const fresh = await send(callbackTimestamp(Date.now()));
    expect(fresh.statusCode).toBe(200);
    expect(await depositStatus(token, depositId)).toBe('completed');
  });

  it('keeps the ledger balanced', async () => {
    expect(await createServices(context.database.db).ledger.reconcile()).toEqual([]);
  });
});
