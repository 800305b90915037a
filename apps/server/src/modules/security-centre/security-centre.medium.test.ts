import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { lastResetLink, outboxEmails } from '../../../test/email-helpers.js';
import {
  ageSmsCodes,
  lastSmsCode,
  outboxMessages,
  uniqueMobileNumber,
} from '../../../test/sms-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { solveCaptcha } from '../../../test/verification-helpers.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('security centre', () => {
  const context = useTestApp();
  const password = 'secret123';

  async function member(userAgent = CHROME_WINDOWS) {
    const username = uniqueUsername('sec');
    await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, login: false },
    });
    return { username, token: await login(username, userAgent) };
  }

  async function login(username: string, userAgent = CHROME_WINDOWS): Promise<string> {
    const response = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username, password, type: 'username' },
      headers: { 'user-agent': userAgent },
    });
    expect(response.status).toBe(200);
    return response.body.value.token;
  }

  async function emailCode(address: string): Promise<string> {
    const mail = (await outboxEmails(context.database.db, address)).at(-1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${address}`);
    return code;
  }

  it('binds an e-mail with the code sent to it; forgot password then reaches that address', async () => {
    const { username, token } = await member();
    const before = await callApi(context.app, 'GET', '/wps/member/security', { token });
    expect(before.body.value).toMatchObject({
      account: username,
      email: null,
      emailVerified: false,
      mobileVerified: false,
      paymentPasswordSet: false,
      passwordKnown: true,
    });
    const address = `${username}@example.com`;
    const sent = await callApi(context.app, 'POST', '/wps/member/security/email/code', {
      token,
      body: { email: address.toUpperCase() },
    });
    expect(sent.body.value).toEqual({ expiredMinutes: 10 });
    const code = await emailCode(address);
    const wrong = await callApi(context.app, 'POST', '/wps/member/security/email', {
      token,
      body: { email: address, verificationCode: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body).toMatchObject({ errorCode: 'SECURITY_CODE_INVALID' });
    const otherAddress = await callApi(context.app, 'POST', '/wps/member/security/email', {
      token,
      body: { email: `x${address}`, verificationCode: code },
    });
    expect(otherAddress.body.errorCode).toBe('SECURITY_CODE_INVALID');
    const bound = await callApi(context.app, 'POST', '/wps/member/security/email', {
      token,
      body: { email: address, verificationCode: code },
    });
    expect(bound.status).toBe(200);
    const after = await callApi(context.app, 'GET', '/wps/member/security', { token });
    expect(after.body.value).toMatchObject({ emailVerified: true, email: 'se***@example.com' });
    // Spent: the same code does not bind twice.
    const again = await callApi(context.app, 'POST', '/wps/member/security/email', {
      token,
      body: { email: address, verificationCode: code },
    });
    expect(again.body.errorCode).toBe('SECURITY_CODE_INVALID');

    await callApi(context.app, 'POST', '/wps/member/password/email', {
      body: { username, email: address },
    });
    await expect
      .poll(() => lastResetLink(context.database.db, address).catch(() => null))
      .not.toBeNull();
  });

  it('says when to try again when codes are asked for too often', async () => {
    const { token } = await member();
    const first = await callApi(context.app, 'POST', '/wps/member/security/email/code', {
      token,
      body: { email: 'wait@example.com' },
    });
    expect(first.status).toBe(200);
    const second = await callApi(context.app, 'POST', '/wps/member/security/email/code', {
      token,
      body: { email: 'wait@example.com' },
      language: 'VI',
    });
    expect(second.status).toBe(429);
    expect(second.body.errorCode).toBe('RATE_LIMITED');
    const seconds = second.body.details.retryAfterSeconds;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(second.headers['retry-after']).toBe(String(seconds));
    expect(second.body.message).toContain(`Vui lòng thử lại sau ${seconds} giây.`);
  });

  it('binds a mobile number by SMS code, then sets the payment password with a code or the login password', async () => {
    const { token } = await member();
    const noMobile = await callApi(
      context.app,
      'POST',
      '/wps/member/security/payment-password/code',
      {
        token,
      },
    );
    expect(noMobile.body.errorCode).toBe('MOBILE_NOT_BOUND');
    const phone = { countryDialingCode: '84', mobileNum: '0912345671' };
    const sent = await callApi(context.app, 'POST', '/wps/member/security/mobile/code', {
      token,
      body: phone,
    });
    expect(sent.status).toBe(200);
    const code = await lastSmsCode(context.database.db, '84912345671');
    const bound = await callApi(context.app, 'POST', '/wps/member/security/mobile', {
      token,
      body: { ...phone, verificationCode: code },
    });
    expect(bound.status).toBe(200);
    const profile = await callApi(context.app, 'GET', '/wps/member/security', { token });
    expect(profile.body.value).toMatchObject({ mobileVerified: true, mobile: '+84 ******671' });

    // One code per number a minute: as if the minute had gone by.
    await ageSmsCodes(context.database.db, '84912345671', 61_000);
    const resent = await callApi(
      context.app,
      'POST',
      '/wps/member/security/payment-password/code',
      {
        token,
      },
    );
    expect(resent.status).toBe(200);
    const smsCode = await lastSmsCode(context.database.db, '84912345671');
    const bySms = await callApi(context.app, 'POST', '/wps/member/security/payment-password', {
      token,
      body: {
        verificationCode: smsCode,
        paymentPassword: '246810',
        confirmPaymentPassword: '246810',
      },
    });
    expect(bySms.status).toBe(200);
    expect(
      (await callApi(context.app, 'GET', '/wps/member/security', { token })).body.value
        .paymentPasswordSet,
    ).toBe(true);

    const wrongPassword = await callApi(
      context.app,
      'POST',
      '/wps/member/security/payment-password',
      {
        token,
        body: {
          loginPassword: 'wrong999',
          paymentPassword: '135790',
          confirmPaymentPassword: '135790',
        },
      },
    );
    expect(wrongPassword.body.errorCode).toBe('OLD_PASSWORD_INVALID');
    const byPassword = await callApi(context.app, 'POST', '/wps/member/security/payment-password', {
      token,
      body: {
        loginPassword: password,
        paymentPassword: '135790',
        confirmPaymentPassword: '135790',
      },
    });
    expect(byPassword.status).toBe(200);
  });

  async function sendLoginCode(mobileNum: string) {
    const captcha = await callApi(context.app, 'GET', '/wps/captcha');
    const { captchaId } = captcha.body.value as { captchaId: string };
    return callApi(context.app, 'POST', '/wps/verification/sms/noLogin', {
      body: {
        countryDialingCode: '84',
        mobileNum,
        captchaId,
        captcha: await solveCaptcha(context.database.db, captchaId),
      },
    });
  }

  async function bindMobile(token: string, mobileNum: string) {
    const phone = { countryDialingCode: '84', mobileNum };
    await callApi(context.app, 'POST', '/wps/member/security/mobile/code', { token, body: phone });
    const code = await lastSmsCode(context.database.db, `84${mobileNum}`);
    const bound = await callApi(context.app, 'POST', '/wps/member/security/mobile', {
      token,
      body: { ...phone, verificationCode: code },
    });
    expect(bound.status).toBe(200);
    // The next code to this number is a minute away: as if the minute had gone by.
    await ageSmsCodes(context.database.db, `84${mobileNum}`, 61_000);
  }

  it('a bound mobile logs in by SMS code and resets the password by phone', async () => {
    const { username, token } = await member();
    const mobileNum = uniqueMobileNumber();
    await bindMobile(token, mobileNum);

    expect((await sendLoginCode(mobileNum)).status).toBe(200);
    const loginCode = await lastSmsCode(context.database.db, `84${mobileNum}`);
    const smsLogin = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: `84${mobileNum}`, password: loginCode, type: 'sms' },
    });
    expect(smsLogin.status).toBe(200);
    const info = await callApi(context.app, 'GET', '/wps/member/info', {
      token: smsLogin.body.value.token,
    });
    expect(info.body.value.account).toBe(username);

    await ageSmsCodes(context.database.db, `84${mobileNum}`, 61_000);
    expect((await sendLoginCode(mobileNum)).status).toBe(200);
    const resetCode = await lastSmsCode(context.database.db, `84${mobileNum}`);
    const reset = await callApi(context.app, 'POST', '/wps/member/password/verification', {
      body: {
        countryDialingCode: '84',
        mobileNum,
        verificationCode: resetCode,
        newPassword: 'bound7890',
      },
    });
    expect(reset.status).toBe(200);
    const byNewPassword = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username, password: 'bound7890', type: 'username' },
    });
    expect(byNewPassword.status).toBe(200);
  });

  it('an unbound number gets the same answer and no code', async () => {
    const mobileNum = uniqueMobileNumber();
    const sent = await sendLoginCode(mobileNum);
    expect(sent.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
    expect(await outboxMessages(context.database.db, `84${mobileNum}`)).toHaveLength(0);
    const login = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username: `84${mobileNum}`, password: '123456', type: 'sms' },
    });
    expect(login.body).toMatchObject({ errorCode: 'SMS_CODE_INVALID' });
  });

  it('lists logins and devices, signs out another device and then every other one', async () => {
    const { username, token } = await member();
    const phoneToken = await login(username, SAFARI_IPHONE);
    const thirdToken = await login(username, SAFARI_IPHONE);
    const sessions = await callApi(context.app, 'GET', '/wps/member/security/sessions', { token });
    const items = sessions.body.value.items;
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ state: 'current', device: 'Chrome on Windows' });
    expect(
      items.filter((item: { device: string }) => item.device === 'Safari on iPhone'),
    ).toHaveLength(2);

    const history = await callApi(context.app, 'GET', '/wps/member/security/logins?limit=2', {
      token,
    });
    expect(history.body.value.items).toHaveLength(2);
    expect(history.body.value.items[0]).toMatchObject({
      state: 'active',
      device: 'Safari on iPhone',
    });
    expect(history.body.value.items[0].ip).toMatch(/^198\.18\./);
    const rest = await callApi(
      context.app,
      'GET',
      `/wps/member/security/logins?limit=2&cursor=${history.body.value.nextCursor}`,
      { token },
    );
    expect(rest.body.value.items).toHaveLength(1);
    expect(rest.body.value.nextCursor).toBeNull();

    const phoneSession = items.find(
      (item: { device: string; state: string }) => item.device === 'Safari on iPhone',
    );
    const one = await callApi(context.app, 'POST', '/wps/member/security/sessions/sign-out', {
      token,
      body: { sessionId: phoneSession.id },
    });
    expect(one.body.value).toEqual({ signedOut: 1 });
    const tokens = [phoneToken, thirdToken];
    const stillIn = await Promise.all(
      tokens.map(
        async (other) =>
          (await callApi(context.app, 'GET', '/wps/member/info', { token: other })).status,
      ),
    );
    expect(stillIn.sort()).toEqual([200, 401]);

    const others = await callApi(
      context.app,
      'POST',
      '/wps/member/security/sessions/sign-out-others',
      {
        token,
      },
    );
    expect(others.body.value.signedOut).toBe(1);
    for (const other of tokens) {
      expect((await callApi(context.app, 'GET', '/wps/member/info', { token: other })).status).toBe(
        401,
      );
    }
    expect((await callApi(context.app, 'GET', '/wps/member/info', { token })).status).toBe(200);
  });

  it("cannot sign out another member's session", async () => {
    const mine = await member();
    const theirs = await member();
    const theirSessions = await callApi(context.app, 'GET', '/wps/member/security/sessions', {
      token: theirs.token,
    });
    const refused = await callApi(context.app, 'POST', '/wps/member/security/sessions/sign-out', {
      token: mine.token,
      body: { sessionId: theirSessions.body.value.items[0].id },
    });
    expect(refused.body.errorCode).toBe('NOT_FOUND');
    expect(
      (await callApi(context.app, 'GET', '/wps/member/info', { token: theirs.token })).status,
    ).toBe(200);
  });

  it('saves the language on the server, only one the merchant offers', async () => {
    const { token } = await member();
    const saved = await callApi(context.app, 'POST', '/wps/member/language', {
      token,
      body: { language: 'vi' },
    });
    expect(saved.status).toBe(200);
    const profile = await callApi(context.app, 'GET', '/wps/member/security', { token });
    expect(profile.body.value.language).toBe('VI');
    // Member info carries it, so the site switches to it at the next login.
    const info = await callApi(context.app, 'GET', '/wps/member/info', { token });
    expect(info.body.value.language).toBe('VI');
    const unknown = await callApi(context.app, 'POST', '/wps/member/language', {
      token,
      body: { language: 'xx' },
    });
    expect(unknown.status).toBe(400);
  });

  it('refuses guests and trial accounts', async () => {
    const guest = await callApi(context.app, 'GET', '/wps/member/security');
    expect(guest.body.errorCode).toBe('SESSION_REQUIRED');
    await addMerchant(context.database.db, 'FREESEC');
    await sql`
      UPDATE merchants SET white_label = white_label || '{"freePlay": true}'::jsonb
      WHERE code = 'FREESEC'
    `.execute(context.database.db);
    const trial = await callApi(context.app, 'POST', '/wps/session/login/freeplay', {
      merchant: 'FREESEC',
      body: {},
    });
    const refused = await callApi(context.app, 'GET', '/wps/member/security', {
      merchant: 'FREESEC',
      token: trial.body.value.token,
    });
    expect(refused.body.errorCode).toBe('TRIAL_ACCOUNT');
  });

  it('gives VIP customer service only to a club rank above 4; a guest asking for it gets live chat', async () => {
    await addMerchant(context.database.db, 'VIPCS');
    await sql`
      UPDATE merchants SET customer_service = ${JSON.stringify([
        { csType: 'LIVECHAT', path: 'https://chat.example.com/live', title: 'Live chat' },
        { csType: 'VIP', path: 'https://chat.example.com/vip', title: 'VIP' },
      ])}::jsonb
      WHERE code = 'VIPCS'
    `.execute(context.database.db);
    const asked = await callApi(
      context.app,
      'GET',
      '/wps/system/customerService/chatUrl?csType=VIP&b2c=1',
      { merchant: 'VIPCS' },
    );
    expect(asked.status).toBe(200);
    const url = new URL(asked.body.value.chatUrl);
    expect(url.pathname).toBe('/live');
    expect(url.searchParams.get('b2c')).toBe('1');
    expect(url.searchParams.get('headerColor')).toBe('#262743');
    // The status names the VIP entry for the site's menu but never its address.
    const status = await callApi(context.app, 'GET', '/wps/system/status', { merchant: 'VIPCS' });
    const vip = status.body.value.customerService.find(
      (entry: { csType: string }) => entry.csType === 'VIP',
    );
    expect(vip).toEqual({ csType: 'VIP', path: '', title: 'VIP' });
  });
});
