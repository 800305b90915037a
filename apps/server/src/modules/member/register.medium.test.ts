import { describe, expect, it } from 'vitest';
import { addMerchant, countRows } from '../../../test/db-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';

function registration(username: string, password = 'secret123') {
  return { username, password, confirmPassword: password };
}

describe('PUT /wps/member/register', () => {
  const context = useTestApp();

  it('creates the member and logs them in', async () => {
    const username = uniqueUsername();
    const { status, body } = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: registration(username),
    });
    expect(status).toBe(200);
    expect(body.value.account).toBe(username);
    expect(body.value.session).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    const info = await callApi(context.app, 'GET', '/wps/member/info', {
      token: body.value.session.token,
    });
    expect(info.body.value).toMatchObject({ account: username, type: 0, currency: 'VND' });
  });

  it('refuses a value that breaks the merchant rule, naming the field and rule, in the caller language', async () => {
    const before = await countRows(context.database.db, 'members');
    const { status, body } = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: registration('1abcdef'),
      language: 'VI',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      errorCode: 'REG_FIELD_INVALID',
      details: { field: 'username', patternId: 1, minLength: 6, maxLength: 16 },
    });
    expect(body.message).toBe('Vui lòng nhập 6-16 chữ cái và chữ số, bắt đầu bằng chữ cái');
    expect(await countRows(context.database.db, 'members')).toBe(before);
  });

  it.each([
    ['a username too short', registration('abc12'), 'username'],
    ['a username too long', registration('abcdefghijklmnopq'), 'username'],
    ['a password without digits', registration(uniqueUsername(), 'abcdefgh'), 'password'],
    ['a password too long', registration(uniqueUsername(), 'abc123'.repeat(4)), 'password'],
  ])('refuses %s', async (_, body, field) => {
    const response = await callApi(context.app, 'PUT', '/wps/member/register', { body });
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe('REG_FIELD_INVALID');
    expect(response.body.details.field).toBe(field);
  });

  it('requires the username and password and a matching confirmation', async () => {
    const missing = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username: '', password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(missing.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      details: { field: 'username' },
    });

    const mismatch = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { ...registration(uniqueUsername()), confirmPassword: 'other123' },
    });
    expect(mismatch.body).toMatchObject({
      errorCode: 'PASSWORD_CONFIRM_MISMATCH',
      details: { field: 'confirmPassword' },
    });
    expect(mismatch.body.message).toBe('The passwords do not match');

    const noBody = await callApi(context.app, 'PUT', '/wps/member/register', { body: {} });
    expect(noBody.status).toBe(400);
    expect(noBody.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('refuses a registration without the terms agreement', async () => {
    const response = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { ...registration(uniqueUsername()), termsAccepted: false },
    });
    expect(response.body.errorCode).toBe('TERMS_NOT_ACCEPTED');
  });

  it('keeps usernames unique without regard to case, even when two arrive at once', async () => {
    const username = uniqueUsername('twin');
    const attempts = await Promise.all([
      callApi(context.app, 'PUT', '/wps/member/register', { body: registration(username) }),
      callApi(context.app, 'PUT', '/wps/member/register', {
        body: registration(username.toUpperCase()),
      }),
    ]);
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = attempts.find((attempt) => attempt.status === 409);
    expect(refused?.body).toMatchObject({
      errorCode: 'USERNAME_TAKEN',
      details: { field: 'username' },
    });
  });

  it('registers without a session when login is false', async () => {
    const response = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { ...registration(uniqueUsername()), login: false },
    });
    expect(response.status).toBe(200);
    expect(response.body.value.session).toBeNull();
  });

  it('refuses registration on a merchant that closed it', async () => {
    await addMerchant(context.database.db, 'CLOSED', { directRegistration: false });
    const response = await callApi(context.app, 'PUT', '/wps/member/register', {
      merchant: 'CLOSED',
      body: registration(uniqueUsername()),
    });
    expect(response.status).toBe(403);
    expect(response.body.errorCode).toBe('REGISTRATION_DISABLED');
  });

  it('limits how many accounts one address can open', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await callApi(context.app, 'PUT', '/wps/member/register', {
        ip,
        body: registration(uniqueUsername('flood')),
      });
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await callApi(context.app, 'PUT', '/wps/member/register', {
      ip,
      body: registration(uniqueUsername('flood')),
    });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
