import { describe, expect, it } from 'vitest';
import {
  ageSmsCodes,
  ageSmsCodesOfIp,
  countSmsCodes,
  lastSmsCode,
  outboxMessages,
  uniqueMobileNumber,
} from '../../../test/sms-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { solveCaptcha } from '../../../test/verification-helpers.js';
import { SMS_CODE_MAX_TRIES, SMS_DAILY_PER_IP, SMS_DAILY_PER_NUMBER } from './index.js';

const password = 'secret123';

describe('SMS codes, mobile registration, SMS login and forgot password by phone', () => {
  const context = useTestApp();

  async function captcha() {
    const response = await callApi(context.app, 'GET', '/wps/captcha');
    const { captchaId } = response.body.value as { captchaId: string };
    return { captchaId, captcha: await solveCaptcha(context.database.db, captchaId) };
  }

  async function sendCode(
    kind: 'register' | 'noLogin',
    body: Record<string, unknown>,
    ip?: string,
  ) {
    return callApi(context.app, 'POST', `/wps/verification/sms/${kind}`, {
      body: { countryDialingCode: '84', ...(await captcha()), ...body },
      ...(ip ? { ip } : {}),
    });
  }

  function registerMobile(body: Record<string, unknown>) {
    return callApi(context.app, 'PUT', '/wps/member/register/mobile', {
      body: { countryDialingCode: '84', password, confirmPassword: password, ...body },
    });
  }

  /** A member registered by mobile; answers the national number and the full one. */
  async function mobileMember() {
    const mobileNum = uniqueMobileNumber();
    const phone = `84${mobileNum}`;
    expect((await sendCode('register', { mobileNum })).status).toBe(200);
    const code = await lastSmsCode(context.database.db, phone);
    const registered = await registerMobile({ mobileNum, verificationCode: code });
    expect(registered.status).toBe(200);
    // The next send to this number is a minute away.
    await ageSmsCodes(context.database.db, phone, 61_000);
    return { mobileNum, phone, token: registered.body.value.session.token as string };
  }

  describe('sending', () => {
    it('sends 6 digits to the outbox and answers expiredMinutes', async () => {
      const mobileNum = uniqueMobileNumber();
      const response = await sendCode('register', { mobileNum });
      expect(response.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
      const messages = await outboxMessages(context.database.db, `84${mobileNum}`);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/\b\d{6}\b/);
    });

    it('accepts mobileNo and a leading 0', async () => {
      const mobileNum = uniqueMobileNumber();
      const response = await sendCode('register', { mobileNo: `0${mobileNum}` });
      expect(response.status).toBe(200);
      expect(await outboxMessages(context.database.db, `84${mobileNum}`)).toHaveLength(1);
    });

    it('checks the number before the captcha', async () => {
      const missing = await sendCode('register', {});
      expect(missing.body).toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        details: { field: 'mobileNum' },
      });
      const bad = await sendCode('register', { mobileNum: '12ab' });
      expect(bad.body).toMatchObject({
        errorCode: 'REG_FIELD_INVALID',
        details: { field: 'mobileNum', patternId: 6 },
      });
      const country = await sendCode('register', {
        mobileNum: uniqueMobileNumber(),
        countryDialingCode: '1',
      });
      expect(country.body).toMatchObject({
        errorCode: 'PHONE_NUMBER_INVALID',
        details: { field: 'mobileNum' },
      });
      const noCaptcha = await callApi(context.app, 'POST', '/wps/verification/sms/register', {
        body: { countryDialingCode: '84', mobileNum: uniqueMobileNumber() },
      });
      expect(noCaptcha.body.errorCode).toBe('CAPTCHA_REQUIRED');
      const wrongCaptcha = await callApi(context.app, 'POST', '/wps/verification/sms/register', {
        body: {
          countryDialingCode: '84',
          mobileNum: uniqueMobileNumber(),
          captchaId: (await captcha()).captchaId,
          captcha: 'xxxx',
        },
      });
      expect(wrongCaptcha.body.errorCode).toBe('CAPTCHA_INVALID');
    });

    it('sends at most once a minute to a number', async () => {
      const mobileNum = uniqueMobileNumber();
      const phone = `84${mobileNum}`;
      expect((await sendCode('register', { mobileNum })).status).toBe(200);
      const again = await sendCode('register', { mobileNum });
      expect(again.status).toBe(429);
      expect(again.body.errorCode).toBe('RATE_LIMITED');
      expect(again.body.details.retryAfterSeconds).toBeGreaterThan(55);
      expect(again.body.details.retryAfterSeconds).toBeLessThanOrEqual(60);
      await ageSmsCodes(context.database.db, phone, 61_000);
      expect((await sendCode('register', { mobileNum })).status).toBe(200);
      expect(await outboxMessages(context.database.db, phone)).toHaveLength(2);
    });

    it('caps the codes per number per day', async () => {
      const mobileNum = uniqueMobileNumber();
      const phone = `84${mobileNum}`;
      for (let sent = 0; sent < SMS_DAILY_PER_NUMBER; sent += 1) {
        expect((await sendCode('register', { mobileNum })).status).toBe(200);
        await ageSmsCodes(context.database.db, phone, 61_000);
      }
      const capped = await sendCode('register', { mobileNum });
      expect(capped.status).toBe(429);
      expect(capped.body.errorCode).toBe('SMS_QUOTA_EXCEEDED');
      expect(capped.body.details.retryAfterSeconds).toBeGreaterThan(0);
      await ageSmsCodes(context.database.db, phone, 24 * 60 * 60 * 1000);
      expect((await sendCode('register', { mobileNum })).status).toBe(200);
    });

    it('caps the codes per address per day', async () => {
      const ip = '198.51.100.77';
      for (let sent = 0; sent < SMS_DAILY_PER_IP; sent += 1) {
        expect((await sendCode('register', { mobileNum: uniqueMobileNumber() }, ip)).status).toBe(
          200,
        );
      }
      const capped = await sendCode('register', { mobileNum: uniqueMobileNumber() }, ip);
      expect(capped.body.errorCode).toBe('SMS_QUOTA_EXCEEDED');
      const otherAddress = await sendCode('register', { mobileNum: uniqueMobileNumber() });
      expect(otherAddress.status).toBe(200);
      await ageSmsCodesOfIp(context.database.db, ip, 24 * 60 * 60 * 1000);
      expect((await sendCode('register', { mobileNum: uniqueMobileNumber() }, ip)).status).toBe(
        200,
      );
    });

    it('noLogin answers the same for an unknown number and sends nothing', async () => {
      const member = await mobileMember();
      const unknown = `9${member.mobileNum.slice(1, -1)}${(Number(member.mobileNum.at(-1)) + 1) % 10}`;
      const known = await sendCode('noLogin', { mobileNum: member.mobileNum });
      const stranger = await sendCode('noLogin', { mobileNum: unknown });
      expect(stranger.status).toBe(known.status);
      expect(stranger.body).toEqual(known.body);
      expect(await outboxMessages(context.database.db, `84${unknown}`)).toHaveLength(0);
      expect(await outboxMessages(context.database.db, member.phone)).toHaveLength(2);
      // The limits count for both alike.
      const strangerAgain = await sendCode('noLogin', { mobileNum: unknown });
      const knownAgain = await sendCode('noLogin', { mobileNum: member.mobileNum });
      expect(strangerAgain.body.errorCode).toBe('RATE_LIMITED');
      expect(knownAgain.body.errorCode).toBe('RATE_LIMITED');
      expect(await countSmsCodes(context.database.db, `84${unknown}`)).toBe(1);
    });
  });

  describe('mobile registration', () => {
    it('registers the number as the account and logs in', async () => {
      const mobileNum = uniqueMobileNumber();
      await sendCode('register', { mobileNum });
      const code = await lastSmsCode(context.database.db, `84${mobileNum}`);
      const response = await registerMobile({ mobileNum, verificationCode: code });
      expect(response.status).toBe(200);
      expect(response.body.value.account).toBe(`84${mobileNum}`);
      const info = await callApi(context.app, 'GET', '/wps/member/info', {
        token: response.body.value.session.token,
      });
      expect(info.body.value.account).toBe(`84${mobileNum}`);
    });

    it('requires a right, live, unused code of that number', async () => {
      const mobileNum = uniqueMobileNumber();
      const phone = `84${mobileNum}`;
      const missing = await registerMobile({ mobileNum, verificationCode: '' });
      expect(missing.body).toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        details: { field: 'verificationCode' },
      });
      const neverSent = await registerMobile({ mobileNum, verificationCode: '123456' });
      expect(neverSent.body.errorCode).toBe('SMS_CODE_INVALID');
      await sendCode('register', { mobileNum });
      const code = await lastSmsCode(context.database.db, phone);
      const otherNumber = await registerMobile({
        mobileNum: uniqueMobileNumber(),
        verificationCode: code,
      });
      expect(otherNumber.body.errorCode).toBe('SMS_CODE_INVALID');
      await ageSmsCodes(context.database.db, phone, 5 * 60 * 1000 + 1000);
      const expired = await registerMobile({ mobileNum, verificationCode: code });
      expect(expired.body).toMatchObject({
        errorCode: 'SMS_CODE_EXPIRED',
        details: { field: 'verificationCode' },
      });
    });

    it('kills a code after 5 wrong tries', async () => {
      const mobileNum = uniqueMobileNumber();
      await sendCode('register', { mobileNum });
      const code = await lastSmsCode(context.database.db, `84${mobileNum}`);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let tries = 0; tries < SMS_CODE_MAX_TRIES; tries += 1) {
        const response = await registerMobile({ mobileNum, verificationCode: wrong });
        expect(response.body.errorCode).toBe('SMS_CODE_INVALID');
      }
      const right = await registerMobile({ mobileNum, verificationCode: code });
      expect(right.body.errorCode).toBe('SMS_CODE_INVALID');
    });

    it('uses a code once, and refuses a taken number before spending a code', async () => {
      const member = await mobileMember();
      await sendCode('register', { mobileNum: member.mobileNum });
      const code = await lastSmsCode(context.database.db, member.phone);
      const taken = await registerMobile({ mobileNum: member.mobileNum, verificationCode: code });
      expect(taken.body).toMatchObject({
        errorCode: 'USERNAME_TAKEN',
        details: { field: 'mobileNum' },
      });
      // The code was not spent by the refusal, but it is for registration, not login.
      const login = await callApi(context.app, 'POST', '/wps/session/login', {
        body: { username: member.phone, password: code, type: 'sms' },
      });
      expect(login.body.errorCode).toBe('SMS_CODE_INVALID');
    });

    it('checks the password rule and its confirmation', async () => {
      const mobileNum = uniqueMobileNumber();
      const short = await registerMobile({
        mobileNum,
        verificationCode: '123456',
        password: 'a1',
        confirmPassword: 'a1',
      });
      expect(short.body).toMatchObject({
        errorCode: 'REG_FIELD_INVALID',
        details: { field: 'password' },
      });
      const mismatch = await registerMobile({
        mobileNum,
        verificationCode: '123456',
        confirmPassword: 'other123',
      });
      expect(mismatch.body.errorCode).toBe('PASSWORD_CONFIRM_MISMATCH');
    });
  });

  describe('SMS login', () => {
    it('logs in with the code of noLogin, once', async () => {
      const member = await mobileMember();
      await sendCode('noLogin', { mobileNum: member.mobileNum });
      const code = await lastSmsCode(context.database.db, member.phone);
      const login = () =>
        callApi(context.app, 'POST', '/wps/session/login', {
          body: { username: member.phone, password: code, type: 'sms' },
        });
      const first = await login();
      expect(first.status).toBe(200);
      expect(first.body.value.passwordExpired).toBe(false);
      const info = await callApi(context.app, 'GET', '/wps/member/info', {
        token: first.body.value.token,
      });
      expect(info.body.value.account).toBe(member.phone);
      const second = await login();
      expect(second.body).toMatchObject({
        errorCode: 'SMS_CODE_INVALID',
        details: { field: 'password' },
      });
    });

    it('refuses a wrong or expired code, and a code as a password', async () => {
      const member = await mobileMember();
      await sendCode('noLogin', { mobileNum: member.mobileNum });
      const code = await lastSmsCode(context.database.db, member.phone);
      const wrong = await callApi(context.app, 'POST', '/wps/session/login', {
        body: {
          username: member.phone,
          password: code === '111111' ? '222222' : '111111',
          type: 'sms',
        },
      });
      expect(wrong.body.errorCode).toBe('SMS_CODE_INVALID');
      const asPassword = await callApi(context.app, 'POST', '/wps/session/login', {
        body: { username: member.phone, password: code, type: 'username' },
      });
      expect(asPassword.body.errorCode).toBe('INVALID_CREDENTIALS');
      await ageSmsCodes(context.database.db, member.phone, 6 * 60 * 1000);
      const expired = await callApi(context.app, 'POST', '/wps/session/login', {
        body: { username: member.phone, password: code, type: 'sms' },
      });
      expect(expired.body.errorCode).toBe('SMS_CODE_EXPIRED');
    });

    it('logs in with the password too, the number as the username', async () => {
      const member = await mobileMember();
      const login = await callApi(context.app, 'POST', '/wps/session/login', {
        body: { username: member.phone, password },
      });
      expect(login.status).toBe(200);
    });
  });

  describe('forgot password by phone', () => {
    function reset(body: Record<string, unknown>) {
      return callApi(context.app, 'POST', '/wps/member/password/verification', {
        body: { countryDialingCode: '84', ...body },
      });
    }

    it('sets the password, ends other sessions and logs in', async () => {
      const member = await mobileMember();
      await sendCode('noLogin', { mobileNum: member.mobileNum });
      const code = await lastSmsCode(context.database.db, member.phone);
      const response = await reset({
        mobileNum: member.mobileNum,
        verificationCode: code,
        newPassword: 'newpass456',
      });
      expect(response.status).toBe(200);
      const { token } = response.body.value as { token: string };
      expect(
        (await callApi(context.app, 'GET', '/wps/member/info', { token: member.token })).status,
      ).toBe(401);
      expect((await callApi(context.app, 'GET', '/wps/member/info', { token })).status).toBe(200);
      const oldPassword = await callApi(context.app, 'POST', '/wps/session/login', {
        body: { username: member.phone, password },
      });
      expect(oldPassword.body.errorCode).toBe('INVALID_CREDENTIALS');
      const newPassword = await callApi(context.app, 'POST', '/wps/session/login', {
        body: { username: member.phone, password: 'newpass456' },
      });
      expect(newPassword.status).toBe(200);
      const again = await reset({
        mobileNum: member.mobileNum,
        verificationCode: code,
        newPassword: 'other789x',
      });
      expect(again.body.errorCode).toBe('SMS_CODE_INVALID');
    });

    it('checks the password rule before the code, and refuses a wrong code', async () => {
      const member = await mobileMember();
      await sendCode('noLogin', { mobileNum: member.mobileNum });
      const code = await lastSmsCode(context.database.db, member.phone);
      const weak = await reset({
        mobileNum: member.mobileNum,
        verificationCode: code,
        newPassword: 'x',
      });
      expect(weak.body).toMatchObject({
        errorCode: 'REG_FIELD_INVALID',
        details: { field: 'newPassword' },
      });
      const mismatch = await reset({
        mobileNum: member.mobileNum,
        verificationCode: code,
        newPassword: 'newpass456',
        confirmNewPassword: 'newpass457',
      });
      expect(mismatch.body.errorCode).toBe('PASSWORD_CONFIRM_MISMATCH');
      const wrong = await reset({
        mobileNum: member.mobileNum,
        verificationCode: code === '333333' ? '444444' : '333333',
        newPassword: 'newpass456',
      });
      expect(wrong.body.errorCode).toBe('SMS_CODE_INVALID');
      const right = await reset({
        mobileNum: member.mobileNum,
        verificationCode: code,
        newPassword: 'newpass456',
      });
      expect(right.status).toBe(200);
    });

    it('username registration is unchanged', async () => {
      const username = uniqueUsername('sm');
      const response = await callApi(context.app, 'PUT', '/wps/member/register', {
        body: { username, password, confirmPassword: password, login: false },
      });
      expect(response.status).toBe(200);
    });
  });
});
