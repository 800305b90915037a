import { describe, expect, it } from 'vitest';
import { enableEmailField } from '../../../test/email-helpers.js';
import { BASE_MERCHANT_NAME } from '../../../test/fixtures/base-merchant.js';
import { uniqueMobileNumber } from '../../../test/sms-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { solveCaptcha } from '../../../test/verification-helpers.js';

describe('developer outbox page', () => {
  const context = useTestApp({ devOutbox: true });
  const production = useTestApp({ devOutbox: false });
  const behindProxy = useTestApp({ devOutbox: true, trustProxy: true });
  const outboxUrls = ['/dev/outbox', '/dev/outbox.json'];

  async function expectNotFound(response: { statusCode: number; json(): unknown }) {
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  }

  async function sendSmsCode(mobileNum: string) {
    const captchaResponse = await callApi(context.app, 'GET', '/wps/captcha');
    const { captchaId } = captchaResponse.body.value as { captchaId: string };
    const captcha = await solveCaptcha(context.database.db, captchaId);
    const response = await callApi(context.app, 'POST', '/wps/verification/sms/register', {
      body: { countryDialingCode: '84', mobileNum, captchaId, captcha },
    });
    expect(response.status).toBe(200);
  }

  it('shows a sent SMS code and e-mail, escaped, as HTML and as JSON', async () => {
    // Before the first call: merchants are cached for a few seconds.
    await enableEmailField(context.database.db);
    const mobileNum = uniqueMobileNumber();
    await sendSmsCode(mobileNum);
    const username = uniqueUsername('ob');
    const email = `${username}@example.com`;
    const password = 'secret123';
    await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, email, login: false },
    });
    await callApi(context.app, 'POST', '/wps/member/password/email', {
      body: { username, email },
    });

    const json = await context.app.inject({ method: 'GET', url: '/dev/outbox.json?merchant=DEMO' });
    const outbox = json.json() as {
      sms: Array<{ number: string; text: string }>;
      emails: Array<{ to: string; subject: string; text: string }>;
    };
    const sms = outbox.sms.find((message) => message.number === `84${mobileNum}`);
    const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The e-mail goes out after the answer; the page shows it once it is written.
    await expect
      .poll(async () => {
        const page = await context.app.inject({ method: 'GET', url: '/dev/outbox.json' });
        return (page.json() as typeof outbox).emails.some((message) => message.to === email);
      })
      .toBe(true);

    const page = await context.app.inject({ method: 'GET', url: '/dev/outbox?merchant=<x>' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('value="&lt;x&gt;"');
    const all = await context.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(all.body).toContain(`84${mobileNum}`);
    expect(all.body).toContain(`your verification code is ${code}`);
    expect(all.body).toContain(email);
    expect(all.body).toContain(`${BASE_MERCHANT_NAME}: reset your password`);
    const other = await context.app.inject({
      method: 'GET',
      url: '/dev/outbox.json?merchant=NONE',
    });
    expect(other.json()).toEqual({ sms: [], emails: [] });
  });

  it('is not there at all unless switched on, even for this machine', async () => {
    for (const url of outboxUrls) {
      await expectNotFound(
        await production.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' }),
      );
    }
  });

  it('answers this machine only: another address gets the 404 envelope', async () => {
    for (const url of outboxUrls) {
      for (const remoteAddress of [
        '203.0.113.7',
        '10.0.0.2',
        '::ffff:192.168.1.9',
        '2001:db8::1',
      ]) {
        await expectNotFound(await context.app.inject({ method: 'GET', url, remoteAddress }));
      }
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const allowed = await context.app.inject({ method: 'GET', url, remoteAddress });
        expect(allowed.statusCode).toBe(200);
      }
    }
  });

  it('behind a trusted proxy on loopback, counts the forwarded client address', async () => {
    for (const url of outboxUrls) {
      for (const forwarded of ['203.0.113.7', '127.0.0.1, 203.0.113.7', '203.0.113.7, 127.0.0.1']) {
        await expectNotFound(
          await behindProxy.app.inject({
            method: 'GET',
            url,
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': forwarded },
          }),
        );
      }
      const local = await behindProxy.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(local.statusCode).toBe(200);
    }
  });
});
