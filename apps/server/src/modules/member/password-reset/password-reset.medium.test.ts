import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageResetLinks,
  enableEmailField,
  lastResetLink,
  outboxEmails,
} from '../../../../test/email-helpers.js';
import { BASE_MERCHANT_NAME } from '../../../../test/fixtures/base-merchant.js';
import { callApi, uniqueUsername } from '../../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database.js';
import { buildApp } from '../../../app.js';
import { createServices, type Services } from '../../../services.js';
import { FORGOT_EMAIL_PER_IP_LIMIT, FORGOT_EMAIL_PER_USERNAME_LIMIT } from './routes.js';
import { PASSWORD_RESET_LINK_MS } from './service.js';

describe('forgot password by e-mail', () => {
  let database: TestDatabase;
  let services: Services;
  let app: FastifyInstance;
  const password = 'secret123';
  let mailCounter = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    await enableEmailField(database.db);
    services = createServices(database.db, { logError: () => {} });
    app = await buildApp({ db: database.db, services });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  async function member() {
    mailCounter += 1;
    const username = uniqueUsername('fe');
    const email = `${username}.${mailCounter}@example.com`;
    const registered = await callApi(app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, email, login: false },
    });
    expect(registered.body.success).toBe(true);
    return { username, email };
  }

  async function forgot(
    body: Record<string, string>,
    options: { ip?: string; headers?: Record<string, string> } = {},
  ) {
    const response = await callApi(app, 'POST', '/wps/member/password/email', { body, ...options });
    await services.passwordResets.settled();
    return response;
  }

  function reset(body: Record<string, string>) {
    return callApi(app, 'POST', '/wps/member/password/reset', { body });
  }

  function login(username: string, secret: string) {
    return callApi(app, 'POST', '/wps/session/login', { body: { username, password: secret } });
  }

  it('e-mails a 30-minute link when the username and e-mail match, in EN and VI', async () => {
    const { username, email } = await member();
    const answer = await forgot({ username, email: email.toUpperCase() });
    expect(answer).toMatchObject({ status: 200, body: { success: true, value: null } });
    const [message] = await outboxEmails(database.db, email);
    expect(message?.subject).toBe(`${BASE_MERCHANT_NAME}: reset your password`);
    expect(message?.text).toContain(`Hello ${username},`);
    expect(message?.text).toContain('30 minutes');
    const link = await lastResetLink(database.db, email);
    expect(link.origin).toBe('http://localhost');
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(message?.html).toContain(
      `/reset-password?token=${link.searchParams.get('token')}">Reset password</a>`,
    );

    await forgot({ username, email }, { headers: { language: 'VI' } });
    const messages = await outboxEmails(database.db, email);
    expect(messages.at(-1)?.subject).toBe(`${BASE_MERCHANT_NAME}: đặt lại mật khẩu`);
    expect(messages.at(-1)?.text).toContain(`Xin chào ${username},`);
  });

  it('answers the same and sends nothing when they do not match', async () => {
    const { username, email } = await member();
    const matched = await forgot({ username, email });
    const wrongEmail = await forgot({ username, email: `other.${email}` });
    const noAccount = await forgot({ username: uniqueUsername('nobody'), email });
    expect(wrongEmail.status).toBe(matched.status);
    expect(wrongEmail.body).toEqual(matched.body);
    expect(noAccount.body).toEqual(matched.body);
    expect(await outboxEmails(database.db, email)).toHaveLength(1);
    expect(await outboxEmails(database.db, `other.${email}`)).toHaveLength(0);
  });

  it('takes a form POST as the spec says', async () => {
    const { username, email } = await member();
    const response = await app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { merchant: 'DEMO', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, email }).toString(),
      remoteAddress: '198.51.100.7',
    });
    await services.passwordResets.settled();
    expect(response.json()).toEqual({ success: true, value: null });
    expect(await outboxEmails(database.db, email)).toHaveLength(1);
    // Other calls still refuse form bodies.
    const login = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { merchant: 'DEMO', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password }).toString(),
    });
    expect(login.statusCode).toBe(400);
  });

  it('checks the fields: both required, the e-mail against the rule', async () => {
    const missing = await forgot({ username: '', email: 'a@example.com' });
    expect(missing.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      details: { field: 'username' },
    });
    const noEmail = await forgot({ username: 'someone1', email: '' });
    expect(noEmail.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      details: { field: 'email' },
    });
    const badEmail = await forgot({ username: 'someone1', email: 'not-an-email' });
    expect(badEmail.body).toMatchObject({
      errorCode: 'REG_FIELD_INVALID',
      details: { field: 'email', patternId: 3 },
    });
  });

  it('links to a merchant domain, never to a Host header it does not own', async () => {
    const { username, email } = await member();
    await forgot({ username, email }, { headers: { host: 'evil.example:8443' } });
    expect((await lastResetLink(database.db, email)).origin).toBe('https://localhost');
    await forgot({ username, email }, { headers: { host: '127.0.0.1:5173' } });
    expect((await lastResetLink(database.db, email)).origin).toBe('http://127.0.0.1:5173');
    await forgot({ username, email }, { headers: { host: 'localhost:81@evil.example' } });
    expect((await lastResetLink(database.db, email)).origin).not.toContain('evil');
  });

  it('limits the e-mails per username and per address, matched or not', async () => {
    const { username, email } = await member();
    for (let i = 0; i < FORGOT_EMAIL_PER_USERNAME_LIMIT.limit; i += 1) {
      expect((await forgot({ username, email: `x${i}@example.com` })).status).toBe(200);
    }
    const limited = await forgot({ username, email });
    expect(limited).toMatchObject({ status: 429, body: { errorCode: 'RATE_LIMITED' } });
    expect(await outboxEmails(database.db, email)).toHaveLength(0);

    const ip = '198.51.100.99';
    for (let i = 0; i < FORGOT_EMAIL_PER_IP_LIMIT.limit; i += 1) {
      await forgot({ username: uniqueUsername('ip'), email: `ip${i}@example.com` }, { ip });
    }
    const byIp = await forgot(
      { username: uniqueUsername('ip'), email: 'last@example.com' },
      { ip },
    );
    expect(byIp.body.errorCode).toBe('RATE_LIMITED');
  });

  it('sets a new password once, ends every session, and the old password stops working', async () => {
    const { username, email } = await member();
    const session = (await login(username, password)).body.value.token as string;
    await forgot({ username, email });
    const token = (await lastResetLink(database.db, email)).searchParams.get('token') ?? '';

    const done = await reset({
      token,
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(done.body).toEqual({ success: true, value: null });
    const info = await callApi(app, 'GET', '/wps/member/info', { token: session });
    expect(info.body.errorCode).toBe('SESSION_EXPIRED');
    expect((await login(username, password)).body.errorCode).toBe('INVALID_CREDENTIALS');
    expect((await login(username, 'newpass123')).body.success).toBe(true);

    const again = await reset({ token, newPassword: 'other1234', confirmNewPassword: 'other1234' });
    expect(again).toMatchObject({
      status: 400,
      body: {
        errorCode: 'RESET_LINK_INVALID',
        message: 'The link is abnormal or has expired, please retry',
      },
    });
    expect((await login(username, 'other1234')).body.errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('checks the password rule and the confirmation before spending the link', async () => {
    const { username, email } = await member();
    await forgot({ username, email });
    const token = (await lastResetLink(database.db, email)).searchParams.get('token') ?? '';
    const short = await reset({ token, newPassword: 'abc', confirmNewPassword: 'abc' });
    expect(short.body).toMatchObject({
      errorCode: 'REG_FIELD_INVALID',
      details: { field: 'newPassword', patternId: 5, minLength: 6, maxLength: 20 },
    });
    const mismatch = await reset({
      token,
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass12',
    });
    expect(mismatch.body).toMatchObject({
      errorCode: 'PASSWORD_CONFIRM_MISMATCH',
      details: { field: 'confirmNewPassword' },
    });
    const ok = await reset({ token, newPassword: 'newpass123', confirmNewPassword: 'newpass123' });
    expect(ok.body.success).toBe(true);
  });

  it('refuses expired, replaced, unknown and malformed links', async () => {
    const { username, email } = await member();
    await forgot({ username, email });
    const first = (await lastResetLink(database.db, email)).searchParams.get('token') ?? '';
    await forgot({ username, email });
    const second = (await lastResetLink(database.db, email)).searchParams.get('token') ?? '';
    const body = { newPassword: 'newpass123', confirmNewPassword: 'newpass123' };

    expect((await reset({ token: first, ...body })).body.errorCode).toBe('RESET_LINK_INVALID');
    expect((await reset({ token: 'A'.repeat(43), ...body })).body.errorCode).toBe(
      'RESET_LINK_INVALID',
    );
    expect((await reset({ token: 'short', ...body })).body.errorCode).toBe('RESET_LINK_INVALID');

    await ageResetLinks(database.db, PASSWORD_RESET_LINK_MS + 1000);
    expect((await reset({ token: second, ...body })).body.errorCode).toBe('RESET_LINK_INVALID');
    expect((await login(username, password)).body.success).toBe(true);
  });

  it('answers a link only on its own merchant', async () => {
    const { username, email } = await member();
    await forgot({ username, email });
    const token = (await lastResetLink(database.db, email)).searchParams.get('token') ?? '';
    const { addMerchant } = await import('../../../../test/db-helpers.js');
    await addMerchant(database.db, 'OTHERRS');
    const elsewhere = await callApi(app, 'POST', '/wps/member/password/reset', {
      merchant: 'OTHERRS',
      body: { token, newPassword: 'newpass123', confirmNewPassword: 'newpass123' },
    });
    expect(elsewhere.body.errorCode).toBe('RESET_LINK_INVALID');
  });
});
