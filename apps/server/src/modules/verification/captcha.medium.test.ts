import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import {
  expireCaptchas,
  setMerchantCaptcha,
  solveCaptcha,
} from '../../../test/verification-helpers.js';
import { CAPTCHA_PER_IP_LIMIT } from './routes.js';
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from './service.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('captcha', () => {
  const context = useTestApp();
  const password = 'secret123';

  async function newCaptcha(options: { ip?: string; merchant?: string } = {}) {
    const response = await callApi(context.app, 'GET', '/wps/captcha', options);
    expect(response.status).toBe(200);
    return response.body.value as { captchaId: string; image: string };
  }

  async function registeredMember() {
    const username = uniqueUsername('cap');
    const response = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, login: false },
    });
    expect(response.status).toBe(200);
    return username;
  }

  function login(body: Record<string, unknown>, ip?: string) {
    return callApi(context.app, 'POST', '/wps/session/login', {
      body: { type: 'username', ...body },
      ...(ip ? { ip } : {}),
    });
  }

  it('answers a PNG data URL and keeps only a salted hash of the answer', async () => {
    const { captchaId, image } = await newCaptcha();
    expect(captchaId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(image.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(image.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.length).toBeGreaterThan(1000);
    const answer = await solveCaptcha(context.database.db, captchaId);
    const stored = await sql<{ answer_hash: Buffer; expires_at: Date; created_at: Date }>`
      SELECT answer_hash, expires_at, created_at FROM captchas WHERE id = ${captchaId}
    `.execute(context.database.db);
    const row = stored.rows[0];
    expect(row?.answer_hash.toString('utf8')).not.toContain(answer);
    const lifetimeMs = (row?.expires_at.getTime() ?? 0) - (row?.created_at.getTime() ?? 0);
    expect(lifetimeMs).toBeGreaterThan(119_000);
    expect(lifetimeMs).toBeLessThan(121_000);
  });

  it('rate-limits drawing captchas per address', async () => {
    const ip = '203.0.113.77';
    for (let index = 0; index < CAPTCHA_PER_IP_LIMIT.limit; index += 1) await newCaptcha({ ip });
    const refused = await callApi(context.app, 'GET', '/wps/captcha', { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('RATE_LIMITED');
  });

  describe('on login', () => {
    it(`asks for a captcha after ${LOGIN_FAILURES_BEFORE_CAPTCHA} failures, for known and unknown usernames alike`, async () => {
      const known = await registeredMember();
      const unknown = uniqueUsername('ghost');
      for (const username of [known, unknown]) {
        const answers = [];
        for (let attempt = 0; attempt < LOGIN_FAILURES_BEFORE_CAPTCHA; attempt += 1) {
          answers.push((await login({ username, password: 'wrong1234' })).body);
        }
        expect(answers.slice(0, -1).every((body) => body.details?.captchaRequired !== true)).toBe(
          true,
        );
        expect(answers.at(-1)).toMatchObject({
          errorCode: 'INVALID_CREDENTIALS',
          details: { captchaRequired: true },
        });
        // Even the right password is refused without a captcha now.
        const without = await login({ username, password });
        expect(without.status).toBe(400);
        expect(without.body).toMatchObject({
          errorCode: 'CAPTCHA_REQUIRED',
          details: { field: 'captcha', captchaRequired: true },
        });
      }
      const knownWrong = await login({ username: known, password: 'wrong1234' });
      const unknownWrong = await login({ username: unknown, password: 'wrong1234' });
      expect(knownWrong.body).toEqual(unknownWrong.body);
    });

    it('logs in with a right captcha, and refuses a wrong, spent or expired one', async () => {
      const username = await registeredMember();
      for (let attempt = 0; attempt < LOGIN_FAILURES_BEFORE_CAPTCHA; attempt += 1) {
        await login({ username, password: 'wrong1234' });
      }

      const wrong = await newCaptcha();
      const right = await solveCaptcha(context.database.db, wrong.captchaId);
      const wrongAnswer = right === '0000' ? '1111' : '0000';
      const refused = await login({
        username,
        password,
        captchaId: wrong.captchaId,
        captcha: wrongAnswer,
      });
      expect(refused.body).toMatchObject({
        errorCode: 'CAPTCHA_INVALID',
        details: { field: 'captcha' },
      });
      // A wrong answer spends the captcha: the right one is no good afterwards.
      const spentByWrong = await login({
        username,
        password,
        captchaId: wrong.captchaId,
        captcha: right,
      });
      expect(spentByWrong.body.errorCode).toBe('CAPTCHA_INVALID');

      // Single use: a right captcha spent on a wrong password does not work a second time.
      const once = await newCaptcha();
      const onceAnswer = await solveCaptcha(context.database.db, once.captchaId);
      const badPassword = await login({
        username,
        password: 'wrong1234',
        captchaId: once.captchaId,
        captcha: onceAnswer,
      });
      expect(badPassword.body).toMatchObject({
        errorCode: 'INVALID_CREDENTIALS',
        details: { captchaRequired: true },
      });
      const reused = await login({
        username,
        password,
        captchaId: once.captchaId,
        captcha: onceAnswer,
      });
      expect(reused.body.errorCode).toBe('CAPTCHA_INVALID');

      const good = await newCaptcha();
      const answer = await solveCaptcha(context.database.db, good.captchaId);
      const ok = await login({ username, password, captchaId: good.captchaId, captcha: answer });
      expect(ok.status).toBe(200);
      expect(ok.body.value.token).toMatch(/^[\w-]{43}$/);
    });

    it('forgives the username after a successful login', async () => {
      const username = await registeredMember();
      for (let attempt = 0; attempt < LOGIN_FAILURES_BEFORE_CAPTCHA; attempt += 1) {
        await login({ username, password: 'wrong1234' });
      }
      const captcha = await newCaptcha();
      const answer = await solveCaptcha(context.database.db, captcha.captchaId);
      expect(
        (await login({ username, password, captchaId: captcha.captchaId, captcha: answer })).status,
      ).toBe(200);
      expect((await login({ username, password })).status).toBe(200);
    });

    it('refuses an expired captcha', async () => {
      const username = await registeredMember();
      for (let attempt = 0; attempt < LOGIN_FAILURES_BEFORE_CAPTCHA; attempt += 1) {
        await login({ username, password: 'wrong1234' });
      }
      const captcha = await newCaptcha();
      const answer = await solveCaptcha(context.database.db, captcha.captchaId);
      await expireCaptchas(context.database.db);
      const late = await login({
        username,
        password,
        captchaId: captcha.captchaId,
        captcha: answer,
      });
      expect(late.body.errorCode).toBe('CAPTCHA_INVALID');
    });

    it('counts failures per address across usernames', async () => {
      const ip = '203.0.113.91';
      for (let attempt = 0; attempt < LOGIN_FAILURES_BEFORE_CAPTCHA; attempt += 1) {
        await login({ username: uniqueUsername('spray'), password: 'wrong1234' }, ip);
      }
      const username = await registeredMember();
      const fromThere = await login({ username, password }, ip);
      expect(fromThere.body.errorCode).toBe('CAPTCHA_REQUIRED');
      expect((await login({ username, password })).status).toBe(200);
    });

    it("always asks when the merchant's captchaOnLogin is on, and a captcha is the merchant's own", async () => {
      await addMerchant(context.database.db, 'CAPLOGIN');
      await setMerchantCaptcha(context.database.db, 'CAPLOGIN', { onLogin: true });
      const username = uniqueUsername('onl');
      await callApi(context.app, 'PUT', '/wps/member/register', {
        merchant: 'CAPLOGIN',
        body: { username, password, confirmPassword: password, login: false },
      });
      const first = await callApi(context.app, 'POST', '/wps/session/login', {
        merchant: 'CAPLOGIN',
        body: { username, password },
      });
      expect(first.body).toMatchObject({
        errorCode: 'CAPTCHA_REQUIRED',
        details: { captchaRequired: true },
      });
      const demoCaptcha = await newCaptcha();
      const demoAnswer = await solveCaptcha(context.database.db, demoCaptcha.captchaId);
      const crossMerchant = await callApi(context.app, 'POST', '/wps/session/login', {
        merchant: 'CAPLOGIN',
        body: { username, password, captchaId: demoCaptcha.captchaId, captcha: demoAnswer },
      });
      expect(crossMerchant.body.errorCode).toBe('CAPTCHA_INVALID');
      const own = await newCaptcha({ merchant: 'CAPLOGIN' });
      const answer = await solveCaptcha(context.database.db, own.captchaId);
      const ok = await callApi(context.app, 'POST', '/wps/session/login', {
        merchant: 'CAPLOGIN',
        body: { username, password, captchaId: own.captchaId, captcha: answer },
      });
      expect(ok.status).toBe(200);
    });
  });
});
