import { describe, expect, it } from 'vitest';
import { enableEmailField } from '../../../test/email-helpers.js';
import { uniqueMobileNumber } from '../../../test/sms-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { solveCaptcha } from '../../../test/verification-helpers.js';

describe('developer outbox page', () => {
  const context = useTestApp({ devOutbox: true });
  const production = useTestApp({ devOutbox: false });

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
    expect(all.body).toContain('Demo Casino: reset your password');
    const other = await context.app.inject({
      method: 'GET',
      url: '/dev/outbox.json?merchant=NONE',
    });
    expect(other.json()).toEqual({ sms: [], emails: [] });
  });

  it('is not there at all in production', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});
