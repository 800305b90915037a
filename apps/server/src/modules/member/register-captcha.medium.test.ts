import { beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import {
  expireCaptchas,
  setMerchantCaptcha,
  solveCaptcha,
} from '../../../test/verification-helpers.js';

describe('registration with the merchant captcha on', () => {
  const context = useTestApp();
  const password = 'secret123';

  beforeAll(async () => {
    // Before the first call, so that the merchant cache never holds the old setting.
    await setMerchantCaptcha(context.database.db, BASE_MERCHANT_CODE, { register: true });
  });

  async function captcha() {
    const response = await callApi(context.app, 'GET', '/wps/captcha');
    const { captchaId } = response.body.value as { captchaId: string };
    return { captchaId, answer: await solveCaptcha(context.database.db, captchaId) };
  }

  function register(body: Record<string, unknown>) {
    const username = uniqueUsername('rc');
    return callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, login: false, ...body },
    });
  }

  it('shows the captcha as enabled in the register settings', async () => {
    const settings = await callApi(context.app, 'GET', '/wps/system/setting/register');
    expect(JSON.stringify(settings.body.value)).toContain('captcha');
  });

  it('requires the captcha', async () => {
    const before = await countRows(context.database.db, 'members');
    const missing = await register({});
    expect(missing.status).toBe(400);
    expect(missing.body.details.field).toBe('captcha');
    const noId = await register({ captcha: '1234' });
    expect(noId.body).toMatchObject({
      errorCode: 'CAPTCHA_REQUIRED',
      details: { field: 'captcha' },
    });
    expect(await countRows(context.database.db, 'members')).toBe(before);
  });

  it('refuses a wrong answer and registers with the right one, once', async () => {
    const first = await captcha();
    const wrong = await register({
      captchaId: first.captchaId,
      captcha: first.answer === '0000' ? '1111' : '0000',
    });
    expect(wrong.body).toMatchObject({
      errorCode: 'CAPTCHA_INVALID',
      details: { field: 'captcha' },
    });

    const good = await captcha();
    const ok = await register({ captchaId: good.captchaId, captcha: good.answer });
    expect(ok.status).toBe(200);
    const reused = await register({ captchaId: good.captchaId, captcha: good.answer });
    expect(reused.body.errorCode).toBe('CAPTCHA_INVALID');
  });

  it('refuses an expired captcha', async () => {
    const late = await captcha();
    await expireCaptchas(context.database.db);
    const response = await register({ captchaId: late.captchaId, captcha: late.answer });
    expect(response.body.errorCode).toBe('CAPTCHA_INVALID');
  });

  it('does not spend the captcha on a field error', async () => {
    const kept = await captcha();
    const badName = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: {
        username: '1bad',
        password,
        confirmPassword: password,
        captchaId: kept.captchaId,
        captcha: kept.answer,
        login: false,
      },
    });
    expect(badName.body.details.field).toBe('username');
    expect((await register({ captchaId: kept.captchaId, captcha: kept.answer })).status).toBe(200);
  });
});
