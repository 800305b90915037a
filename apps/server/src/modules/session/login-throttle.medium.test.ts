import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { solveCaptcha } from '../../../test/verification-helpers.js';
import {
  LOGIN_FAILURES_BEFORE_DELAY,
  LOGIN_FAILURES_PER_HOUR_PER_ACCOUNT,
  LOGIN_FAILURES_PER_HOUR_PER_ADDRESS,
} from '../verification/index.js';

describe('login throttling', () => {
  // The plain per-window rate limits are lifted, so that only the failure throttle answers.
  const context = useTestApp({ rateLimit: async () => {} });
  const password = 'secret123';

  async function registeredMember() {
    const username = uniqueUsername('slow');
    await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, login: false },
    });
    return username;
  }

  /** A login with a solved captcha (failures past the third ask for one). */
  async function login(username: string, secret: string, ip: string) {
    const captcha = await callApi(context.app, 'GET', '/wps/captcha', { ip });
    const captchaId: string = captcha.body.value.captchaId;
    return callApi(context.app, 'POST', '/wps/session/login', {
      ip,
      body: {
        username,
        password: secret,
        captchaId,
        captcha: await solveCaptcha(context.database.db, captchaId),
      },
    });
  }

  /** Failures recorded `agoMs` ago, as if earlier attempts had failed. */
  async function addFailures(scope: 'username' | 'ip', key: string, count: number, agoMs: number) {
    await sql`
      INSERT INTO login_failures (merchant_code, scope, key, failed_at)
      SELECT 'DEMO', ${scope}, ${key}, now() - ${`${agoMs} milliseconds`}::interval
      FROM generate_series(1, ${count})
    `.execute(context.database.db);
  }

  /** Moves the failures of these keys (an account, an address) back in time. */
  async function ageFailures(keys: string[], byMs: number) {
    await sql`
      UPDATE login_failures SET failed_at = failed_at - ${`${byMs} milliseconds`}::interval
      WHERE key = ANY(${keys}::text[])
    `.execute(context.database.db);
  }

  it('makes failed logins wait longer and longer, then lets the right password in', async () => {
    const username = await registeredMember();
    const ip = '203.0.113.10';
    for (let attempt = 0; attempt < LOGIN_FAILURES_BEFORE_DELAY; attempt += 1) {
      await ageFailures([username, ip], 60_000);
      expect((await login(username, `wrong${attempt}xx`, ip)).status).toBe(401);
    }
    // The N-th failure starts the delay: even the right password waits (guessing stays blind).
    const held = await login(username, password, ip);
    expect(held.status).toBe(429);
    expect(held.body.errorCode).toBe('LOGIN_THROTTLED');
    expect(held.body.details.retryAfterSeconds).toBe(1);
    expect(held.headers['retry-after']).toBe('1');

    await ageFailures([username, ip], 1_500);
    expect((await login(username, 'wrong9xx', ip)).status).toBe(401);
    const longer = await login(username, password, ip);
    expect(longer.body.details.retryAfterSeconds).toBe(2);

    await ageFailures([username, ip], 2_500);
    const allowed = await login(username, password, ip);
    expect(allowed.status).toBe(200);
    // Success forgives the account, not the address.
    const leftovers = await sql<{ count: bigint }>`
      SELECT count(*) FROM login_failures WHERE key = ${username}
    `.execute(context.database.db);
    expect(leftovers.rows[0]?.count).toBe(0n);
  });

  it('stops growing at a minute', async () => {
    const username = await registeredMember();
    await addFailures('username', username, LOGIN_FAILURES_BEFORE_DELAY + 12, 0);
    const held = await login(username, password, '203.0.113.11');
    expect(held.body.details.retryAfterSeconds).toBe(60);
  });

  it('answers the same whether or not the account exists', async () => {
    const username = await registeredMember();
    const ghost = 'nobodyhere42';
    await addFailures('username', username, LOGIN_FAILURES_BEFORE_DELAY + 3, 2_500);
    await addFailures('username', ghost, LOGIN_FAILURES_BEFORE_DELAY + 3, 2_500);
    const known = await login(username, 'wrong1xx', '203.0.113.12');
    const unknown = await login(ghost, 'wrong1xx', '203.0.113.13');
    expect(known.status).toBe(429);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.details).toEqual({ retryAfterSeconds: 6 });
  });

  it('caps failures per account and per address in an hour', async () => {
    const username = await registeredMember();
    const halfHourMs = 30 * 60 * 1000;
    await addFailures('username', username, LOGIN_FAILURES_PER_HOUR_PER_ACCOUNT, halfHourMs);
    const account = await login(username, password, '203.0.113.14');
    expect(account.status).toBe(429);
    expect(account.body.errorCode).toBe('LOGIN_THROTTLED');
    expect(account.body.details.retryAfterSeconds).toBeGreaterThan(halfHourMs / 1000 - 60);
    expect(account.body.details.retryAfterSeconds).toBeLessThanOrEqual(halfHourMs / 1000);

    const ip = '203.0.113.15';
    await addFailures('ip', ip, LOGIN_FAILURES_PER_HOUR_PER_ADDRESS - 1, halfHourMs);
    const other = await registeredMember();
    // One below the cap: the address still gets through.
    expect((await login(other, password, ip)).status).toBe(200);
    await addFailures('ip', ip, 1, halfHourMs);
    const address = await login(other, password, ip);
    expect(address.body.errorCode).toBe('LOGIN_THROTTLED');
    // Another address is not held by this one's failures.
    expect((await login(other, password, '203.0.113.16')).status).toBe(200);
  });
});
