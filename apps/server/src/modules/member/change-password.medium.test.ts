import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import {
  passwordChangedAt,
  setPasswordChangedAt,
  setPasswordMaxAgeDays,
} from '../../../test/verification-helpers.js';
import { CHANGE_PASSWORD_PER_MEMBER_LIMIT } from './routes.js';

describe('change password', () => {
  const context = useTestApp();
  const password = 'secret123';

  async function member() {
    const username = uniqueUsername('cp');
    await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, login: false },
    });
    return username;
  }

  async function login(username: string, secret = password) {
    return callApi(context.app, 'POST', '/wps/session/login', {
      body: { username, password: secret },
    });
  }

  function change(token: string, body: Record<string, unknown>) {
    return callApi(context.app, 'POST', '/wps/member/password', { token, body });
  }

  it('needs a session', async () => {
    const response = await callApi(context.app, 'POST', '/wps/member/password', {
      body: { oldPassword: password, newPassword: 'newpass123', confirmNewPassword: 'newpass123' },
    });
    expect(response.body.errorCode).toBe('SESSION_REQUIRED');
  });

  it("checks the new password with the merchant's rule, the confirmation and the old password", async () => {
    const username = await member();
    const token = (await login(username)).body.value.token;

    const short = await change(token, {
      oldPassword: password,
      newPassword: 'abc',
      confirmNewPassword: 'abc',
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      errorCode: 'REG_FIELD_INVALID',
      details: { field: 'newPassword', patternId: 5, minLength: 6, maxLength: 20 },
    });

    const mismatch = await change(token, {
      oldPassword: password,
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass124',
    });
    expect(mismatch.body).toMatchObject({
      errorCode: 'PASSWORD_CONFIRM_MISMATCH',
      details: { field: 'confirmNewPassword' },
    });

    const wrongOld = await change(token, {
      oldPassword: 'notmine123',
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({
      errorCode: 'OLD_PASSWORD_INVALID',
      details: { field: 'oldPassword' },
    });
    // None of these ended the session or changed the password.
    expect((await callApi(context.app, 'GET', '/wps/member/info', { token })).status).toBe(200);
    expect((await login(username)).status).toBe(200);
  });

  it('changes the password and ends every session of the member, this one too', async () => {
    const username = await member();
    const changedBefore = await passwordChangedAt(context.database.db, username);
    const current = (await login(username)).body.value.token;
    const other = (await login(username)).body.value.token;
    const stranger = await member();
    const strangerToken = (await login(stranger)).body.value.token;

    const response = await change(current, {
      oldPassword: password,
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(response.body).toEqual({ success: true, value: null });

    for (const token of [current, other]) {
      const info = await callApi(context.app, 'GET', '/wps/member/info', { token });
      expect(info.body.errorCode).toBe('SESSION_EXPIRED');
    }
    const strangerInfo = await callApi(context.app, 'GET', '/wps/member/info', {
      token: strangerToken,
    });
    expect(strangerInfo.status).toBe(200);

    expect((await login(username)).body.errorCode).toBe('INVALID_CREDENTIALS');
    expect((await login(username, 'newpass123')).status).toBe(200);
    expect((await passwordChangedAt(context.database.db, username)).getTime()).toBeGreaterThan(
      changedBefore.getTime(),
    );
  });

  it('rate-limits guesses of the old password', async () => {
    const username = await member();
    const token = (await login(username)).body.value.token;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= CHANGE_PASSWORD_PER_MEMBER_LIMIT.limit; attempt += 1) {
      const response = await change(token, {
        oldPassword: `guess${attempt}xx`,
        newPassword: 'newpass123',
        confirmNewPassword: 'newpass123',
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
  });

  it('answers passwordExpired when the password is older than the merchant allows', async () => {
    await addMerchant(context.database.db, 'AGED');
    await setPasswordMaxAgeDays(context.database.db, 'AGED', 90);
    // SPEC §4: an expired password forces the change only with the merchant's switch on.
    await sql`
      UPDATE merchants SET white_label = white_label || '{"forcedPasswordChange": true}'::jsonb
      WHERE code = 'AGED'
    `.execute(context.database.db);
    const username = uniqueUsername('aged');
    await callApi(context.app, 'PUT', '/wps/member/register', {
      merchant: 'AGED',
      body: { username, password, confirmPassword: password, login: false },
    });
    const agedLogin = () =>
      callApi(context.app, 'POST', '/wps/session/login', {
        merchant: 'AGED',
        body: { username, password },
      });
    expect((await agedLogin()).body.value.passwordExpired).toBe(false);
    await setPasswordChangedAt(context.database.db, username, 91);
    expect((await agedLogin()).body.value.passwordExpired).toBe(true);
  });

  it('asks no old password of a member who never knew one, then asks it again', async () => {
    const username = await member();
    const token = (await login(username)).body.value.token;
    const info = await callApi(context.app, 'GET', '/wps/member/info', { token });
    expect(info.body.value.passwordKnown).toBe(true);
    const withoutOld = await change(token, {
      newPassword: 'newpass123',
      confirmNewPassword: 'newpass123',
    });
    expect(withoutOld.body).toMatchObject({
      errorCode: 'OLD_PASSWORD_INVALID',
      details: { field: 'oldPassword' },
    });

    // As social sign-in leaves an account: a random password nobody was told.
    await sql`UPDATE members SET password_known = false WHERE username = ${username}`.execute(
      context.database.db,
    );
    const unknown = await callApi(context.app, 'GET', '/wps/member/info', { token });
    expect(unknown.body.value.passwordKnown).toBe(false);
    const set = await change(token, { newPassword: 'chosen123', confirmNewPassword: 'chosen123' });
    expect(set.status).toBe(200);
    const again = (await login(username, 'chosen123')).body.value.token;
    const known = await callApi(context.app, 'GET', '/wps/member/info', { token: again });
    expect(known.body.value.passwordKnown).toBe(true);
    const noOld = await change(again, {
      newPassword: 'other1234',
      confirmNewPassword: 'other1234',
    });
    expect(noOld.body.errorCode).toBe('OLD_PASSWORD_INVALID');
  });
});
