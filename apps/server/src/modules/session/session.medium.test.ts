import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  addMerchant,
  ageSessions,
  expireSessionsAbsolutely,
  storedTokenHashes,
} from '../../../test/db-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { hashPassword } from '../member/index.js';
import { SESSION_IDLE_TIMEOUT_MS } from './service.js';
import { hashSessionToken } from './token.js';

describe('sessions', () => {
  const context = useTestApp();
  const password = 'secret123';

  async function registeredMember() {
    const username = uniqueUsername();
    await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, login: false },
    });
    return username;
  }

  async function login(username: string, secret = password) {
    return callApi(context.app, 'POST', '/wps/session/login', {
      body: { username, password: secret, type: 'username' },
    });
  }

  it('logs in with a 256-bit token stored only as its hash', async () => {
    const username = await registeredMember();
    const first = await login(`  ${username.toUpperCase()} `);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    const token: string = first.body.value.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hashes = await storedTokenHashes(context.database.db);
    expect(hashes.some((hash) => hash.equals(hashSessionToken(token)))).toBe(true);
    expect(hashes.some((hash) => hash.toString('utf8').includes(token))).toBe(false);

    const second = await login(username);
    expect(second.body.value.firstTimeLogin).toBe(false);
    expect(second.body.value.token).not.toBe(token);
  });

  it('answers the same error for a wrong password and an unknown username', async () => {
    const username = await registeredMember();
    const wrong = await login(username, 'wrong1234');
    const unknown = await login('nobody12345', 'wrong1234');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('shows the member and a zero balance, then ends the session on logout', async () => {
    const username = await registeredMember();
    const token = (await login(username)).body.value.token;
    const info = await callApi(context.app, 'GET', '/wps/member/info', { token });
    expect(info.body.value.account).toBe(username);
    const balance = await callApi(context.app, 'GET', '/wps/v2/wallets/balance', { token });
    expect(balance.body.value).toMatchObject({ sumBalance: 0, currency: 'VND' });

    const logout = await callApi(context.app, 'POST', '/wps/session/logout', { token });
    expect(logout.body).toEqual({ success: true, value: null });
    const after = await callApi(context.app, 'GET', '/wps/v2/wallets/balance', { token });
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('SESSION_EXPIRED');
  });

  it('tells a missing token from a stale one', async () => {
    const missing = await callApi(context.app, 'GET', '/wps/member/info');
    expect(missing.status).toBe(401);
    expect(missing.body.errorCode).toBe('SESSION_REQUIRED');
    const garbage = await callApi(context.app, 'GET', '/wps/member/info', {
      token: 'x'.repeat(43),
    });
    expect(garbage.body.errorCode).toBe('SESSION_EXPIRED');
    const malformed = await callApi(context.app, 'GET', '/wps/member/info', { token: 'short' });
    expect(malformed.body.errorCode).toBe('SESSION_EXPIRED');
  });

  it('ends idle sessions and sessions past their absolute expiry', async () => {
    const username = await registeredMember();
    const idleToken = (await login(username)).body.value.token;
    await ageSessions(context.database.db, SESSION_IDLE_TIMEOUT_MS + 1000);
    const idle = await callApi(context.app, 'GET', '/wps/member/info', { token: idleToken });
    expect(idle.body.errorCode).toBe('SESSION_EXPIRED');

    const oldToken = (await login(username)).body.value.token;
    await expireSessionsAbsolutely(context.database.db);
    const old = await callApi(context.app, 'GET', '/wps/member/info', { token: oldToken });
    expect(old.body.errorCode).toBe('SESSION_EXPIRED');
  });

  it('does not accept a token of one merchant on another', async () => {
    await addMerchant(context.database.db, 'OTHER');
    const username = await registeredMember();
    const token = (await login(username)).body.value.token;
    const elsewhere = await callApi(context.app, 'GET', '/wps/member/info', {
      token,
      merchant: 'OTHER',
    });
    expect(elsewhere.status).toBe(401);
  });

  it('names the field of a malformed login', async () => {
    const response = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: '   ', password: 'x' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      details: { field: 'username' },
    });
  });

  it('limits password guessing on one username', async () => {
    const username = await registeredMember();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await login(username, `guess${attempt}xx`)).status);
    }
    // 401 for the first failures, then 400 (a captcha is required), never 429 before the limit.
    expect(statuses.slice(0, 3).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(3, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The right password is refused too while the limit holds: guessing stays blind.
    expect((await login(username)).status).toBe(429);
  });

  it('counts full-width and upper-case spellings of a username in the same limit', async () => {
    const username = await registeredMember();
    // U+FF01..U+FF5E are the full-width forms of ASCII; the account lookup folds them (NFKC).
    const fullWidth = [...username.toUpperCase()]
      .map((character) => String.fromCharCode(character.charCodeAt(0) + 0xfee0))
      .join('');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await login(attempt % 2 === 0 ? username : fullWidth, `guess${attempt}xx`);
    }
    expect((await login(fullWidth, `guess-last`)).status).toBe(429);
  });

  it('asks for a new password first after a login with a weak default password', async () => {
    // SPEC §4: only while the merchant's forcedPasswordChange switch is on.
    await addMerchant(context.database.db, 'FORCEPW');
    await sql`
      UPDATE merchants SET white_label = white_label || '{"forcedPasswordChange": true}'::jsonb
      WHERE code = 'FORCEPW'
    `.execute(context.database.db);
    const username = uniqueUsername();
    await callApi(context.app, 'PUT', '/wps/member/register', {
      merchant: 'FORCEPW',
      body: { username, password, confirmPassword: password, login: false },
    });
    const loginThere = (secret: string) =>
      callApi(context.app, 'POST', '/wps/session/login', {
        merchant: 'FORCEPW',
        body: { username, password: secret, type: 'username' },
      });
    // As an agent or operator would hand it out: not through the registration rule.
    const weak = await hashPassword('123456');
    await sql`UPDATE members SET password_hash = ${weak} WHERE username = ${username}`.execute(
      context.database.db,
    );
    const withWeak = await loginThere('123456');
    expect(withWeak.status).toBe(200);
    expect(withWeak.body.value.passwordExpired).toBe(true);
    await sql`UPDATE members SET password_hash = ${await hashPassword(password)} WHERE username = ${username}`.execute(
      context.database.db,
    );
    expect((await loginThere(password)).body.value.passwordExpired).toBe(false);
  });

  it('lets a weak password through while the forcedPasswordChange switch is off', async () => {
    const username = await registeredMember();
    await sql`UPDATE members SET password_hash = ${await hashPassword('123456')} WHERE username = ${username}`.execute(
      context.database.db,
    );
    const withWeak = await login(username, '123456');
    expect(withWeak.status).toBe(200);
    expect(withWeak.body.value.passwordExpired).toBe(false);
  });

  it('refuses accounts of no member-side type on the member side (SPEC §8)', async () => {
    const username = await registeredMember();
    // A house account an operator made: neither member, trial nor agent.
    await sql`UPDATE members SET type = 9 WHERE username = ${username}`.execute(
      context.database.db,
    );
    const refused = await login(username);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('NOT_MEMBER_ACCOUNT');
  });
});
