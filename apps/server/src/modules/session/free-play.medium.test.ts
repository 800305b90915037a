import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { TRIAL_CREDIT_AMOUNT_MINOR } from './free-play.js';
import { FREE_PLAY_PER_IP_LIMIT } from './login-service.js';

describe('free demo and trial accounts', () => {
  const context = useTestApp();

  async function freePlay(ip = '198.51.100.10', merchant?: string) {
    return callApi(context.app, 'POST', '/wps/session/login/freeplay', {
      ip,
      body: { os: 'Linux', platform: 'W' },
      ...(merchant ? { merchant } : {}),
    });
  }

  it('creates a logged-in trial account (type 4) with the demo balance', async () => {
    const response = await freePlay('198.51.100.1');
    expect(response.status).toBe(200);
    expect(response.body.value).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    const token: string = response.body.value.token;
    const info = await callApi(context.app, 'GET', '/wps/member/info', { token });
    expect(info.body.value).toMatchObject({ type: 4, toUpline: false });
    expect(info.body.value.account).toMatch(/^demo_[a-hjkmnp-z2-9]{10}$/);
    const balance = await callApi(context.app, 'GET', '/wps/v2/wallets/balance', { token });
    expect(balance.body.value.sumBalance).toBe(Number(TRIAL_CREDIT_AMOUNT_MINOR) / 100);
    // The play money comes from its own system account: the ledger still sums to zero.
    const sums = await sql<{ total: string }>`
      SELECT sum(balance_minor)::text AS total FROM ledger_accounts WHERE asset = 'cash'
    `.execute(context.database.db);
    expect(sums.rows[0]?.total).toBe('0');
    // Two demos are two accounts.
    const other = await freePlay('198.51.100.1');
    const otherInfo = await callApi(context.app, 'GET', '/wps/member/info', {
      token: other.body.value.token,
    });
    expect(otherInfo.body.value.account).not.toBe(info.body.value.account);
  });

  it('refuses every member action of a trial account with TRIAL_ACCOUNT', async () => {
    const token: string = (await freePlay('198.51.100.2')).body.value.token;
    const calls: [string, string, unknown][] = [
      ['GET', '/wps/payments/methods', undefined],
      ['POST', '/wps/payments/deposits', { methodCode: 'sandbox', amount: 100_000 }],
      ['GET', '/wps/payments/withdrawals', undefined],
      [
        'POST',
        '/wps/payments/withdrawals',
        { bankAccountId: 1, amount: 100_000, paymentPassword: '123456' },
      ],
      ['GET', '/wps/member/bank-accounts', undefined],
      [
        'POST',
        '/wps/member/bank-accounts',
        { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Nguyen Van An' },
      ],
      [
        'POST',
        '/wps/member/password/payment',
        { loginPassword: 'secret123', paymentPassword: '123456', confirmPaymentPassword: '123456' },
      ],
      [
        'POST',
        '/wps/member/password',
        { oldPassword: 'secret123', newPassword: 'secret456', confirmNewPassword: 'secret456' },
      ],
      ['PUT', '/wps/feedback', { content: 'A perfectly long feedback text' }],
    ];
    for (const [method, url, body] of calls) {
      const response = await callApi(context.app, method as 'GET', url, { token, body });
      expect({ url, status: response.status, code: response.body.errorCode }).toEqual({
        url,
        status: 403,
        code: 'TRIAL_ACCOUNT',
      });
      expect(response.body.message).toBe('Please register an account first');
      // Guests are asked to log in instead.
      const guest = await callApi(context.app, method as 'GET', url, { body });
      expect(guest.body.errorCode).toBe('SESSION_REQUIRED');
    }
    // What a trial account may do: see itself, its balance and its avatar.
    for (const url of ['/wps/member/info', '/wps/v2/wallets/balance', '/wps/member/info/icon']) {
      expect((await callApi(context.app, 'GET', url, { token })).status).toBe(200);
    }
  });

  it('limits demo accounts per address', async () => {
    const ip = '198.51.100.3';
    for (let index = 0; index < FREE_PLAY_PER_IP_LIMIT.limit; index += 1) {
      expect((await freePlay(ip)).status).toBe(200);
    }
    const refused = await freePlay(ip);
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('RATE_LIMITED');
    expect((await freePlay('198.51.100.4')).status).toBe(200);
  });

  it('is refused when the merchant has no free demo', async () => {
    await addMerchant(context.database.db, 'NODEMO');
    await sql`
      UPDATE merchants SET white_label = white_label || '{"freePlay": false}'::jsonb
      WHERE code = 'NODEMO'
    `.execute(context.database.db);
    const before = await sql<{ count: string }>`SELECT count(*) FROM members`.execute(
      context.database.db,
    );
    const refused = await freePlay('198.51.100.5', 'NODEMO');
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('FORBIDDEN');
    const after = await sql<{ count: string }>`SELECT count(*) FROM members`.execute(
      context.database.db,
    );
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });
});

describe('member avatar', () => {
  const context = useTestApp();

  it('draws a PNG for the member, privately cacheable, and only with a session', async () => {
    const token: string = (
      await callApi(context.app, 'POST', '/wps/session/login/freeplay', { body: {} })
    ).body.value.token;
    const response = await callApi(context.app, 'GET', '/wps/member/info/icon', { token });
    expect(response.status).toBe(200);
    const icon: string = response.body.value.icon;
    expect(icon).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(icon.slice(icon.indexOf(',') + 1), 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const again = await callApi(context.app, 'GET', '/wps/member/info/icon', { token });
    expect(again.body.value.icon).toBe(icon);
    const guest = await callApi(context.app, 'GET', '/wps/member/info/icon');
    expect(guest.body.errorCode).toBe('SESSION_REQUIRED');
  });
});
