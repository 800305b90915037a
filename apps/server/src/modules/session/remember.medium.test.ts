import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { REMEMBER_TOKEN_TTL_MS } from './remember/service.js';
import { hashSessionToken } from './token.js';

describe('remember me', () => {
  const context = useTestApp();
  const password = 'secret123';

  async function registeredMember() {
    const username = uniqueUsername('keep');
    await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, login: false },
    });
    return username;
  }

  async function login(username: string, rememberMe?: boolean, cookie?: string) {
    return callApi(context.app, 'POST', '/wps/session/login', {
      body: { username, password, ...(rememberMe === undefined ? {} : { rememberMe }) },
      ...(cookie ? { headers: { cookie } } : {}),
    });
  }

  function rememberedLogin(token: string | undefined, merchant?: string) {
    return callApi(context.app, 'POST', '/wps/session/login/remembered', {
      ...(token ? { headers: { cookie: `theme=dark; remember=${token}` } } : {}),
      ...(merchant ? { merchant } : {}),
    });
  }

  /** The remember token a reply sets, or '' when it deletes the cookie. */
  function cookieToken(headers: Record<string, unknown>): string | undefined {
    const header = headers['set-cookie'];
    const value = Array.isArray(header) ? header.join('\n') : String(header ?? '');
    return /(?:^|\n)remember=([^;]*)/.exec(value)?.[1];
  }

  it('sets an HttpOnly, strict, session-scoped cookie whose token is stored only as a hash', async () => {
    const username = await registeredMember();
    const response = await login(username, true);
    expect(response.status).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(
      /^remember=[A-Za-z0-9_-]{43}; Path=\/wps\/session; Max-Age=(86399|86400); HttpOnly; SameSite=Strict$/,
    );
    const token = cookieToken(response.headers) as string;
    const stored = await sql<{ token_hash: Buffer; expires_at: Date }>`
      SELECT token_hash, expires_at FROM remember_tokens
    `.execute(context.database.db);
    expect(stored.rows.some((row) => row.token_hash.equals(hashSessionToken(token)))).toBe(true);
    expect(stored.rows.some((row) => row.token_hash.toString('utf8').includes(token))).toBe(false);
    // A login without the box sets no cookie at all.
    expect((await login(username)).headers['set-cookie']).toBeUndefined();
  });

  it('logs in with one click, rotating the token; a reused token ends the family', async () => {
    const username = await registeredMember();
    const first = cookieToken((await login(username, true)).headers) as string;
    const clicked = await rememberedLogin(first);
    expect(clicked.status).toBe(200);
    expect(clicked.body.value).toMatchObject({ firstTimeLogin: false, passwordExpired: false });
    const info = await callApi(context.app, 'GET', '/wps/member/info', {
      token: clicked.body.value.token,
    });
    expect(info.body.value.account).toBe(username);
    const second = cookieToken(clicked.headers) as string;
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    // The rotated cookie keeps the first login's expiry: never longer than 24 hours in all.
    expect(String(clicked.headers['set-cookie'])).toMatch(/Max-Age=(86399|86400);/);

    const replayed = await rememberedLogin(first);
    expect(replayed.status).toBe(401);
    expect(replayed.body.errorCode).toBe('REMEMBER_TOKEN_INVALID');
    expect(cookieToken(replayed.headers)).toBe('');
    expect((await rememberedLogin(second)).body.errorCode).toBe('REMEMBER_TOKEN_INVALID');
  });

  it('is revoked by a login without remember me, by "not you?" and by a password change', async () => {
    const username = await registeredMember();
    const unchecked = cookieToken((await login(username, true)).headers) as string;
    const cleared = await login(username, false, `remember=${unchecked}`);
    expect(cookieToken(cleared.headers)).toBe('');
    expect((await rememberedLogin(unchecked)).status).toBe(401);

    const forgotten = cookieToken((await login(username, true)).headers) as string;
    const forget = await callApi(context.app, 'POST', '/wps/session/login/remembered/forget', {
      headers: { cookie: `remember=${forgotten}` },
    });
    expect(forget.body).toEqual({ success: true, value: null });
    expect(cookieToken(forget.headers)).toBe('');
    expect((await rememberedLogin(forgotten)).status).toBe(401);

    const beforeChange = await login(username, true);
    const kept = cookieToken(beforeChange.headers) as string;
    const changed = await callApi(context.app, 'POST', '/wps/member/password', {
      token: beforeChange.body.value.token,
      body: { oldPassword: password, newPassword: 'secret456', confirmNewPassword: 'secret456' },
    });
    expect(changed.status).toBe(200);
    expect((await rememberedLogin(kept)).body.errorCode).toBe('REMEMBER_TOKEN_INVALID');
  });

  it('refuses a missing, malformed, expired or other-merchant token', async () => {
    expect((await rememberedLogin(undefined)).body.errorCode).toBe('REMEMBER_TOKEN_INVALID');
    expect((await rememberedLogin('short')).body.errorCode).toBe('REMEMBER_TOKEN_INVALID');
    expect((await rememberedLogin('x'.repeat(43))).body.errorCode).toBe('REMEMBER_TOKEN_INVALID');

    await addMerchant(context.database.db, 'KEEPOTHER');
    const username = await registeredMember();
    const elsewhere = cookieToken((await login(username, true)).headers) as string;
    expect((await rememberedLogin(elsewhere, 'KEEPOTHER')).status).toBe(401);

    const old = cookieToken((await login(username, true)).headers) as string;
    await sql`
      UPDATE remember_tokens SET expires_at = now() - interval '1 second'
      WHERE token_hash = ${hashSessionToken(old)}
    `.execute(context.database.db);
    expect((await rememberedLogin(old)).body.errorCode).toBe('REMEMBER_TOKEN_INVALID');
    expect(REMEMBER_TOKEN_TTL_MS).toBe(24 * 60 * 60 * 1000);
  });
});

describe('remember me behind an HTTPS proxy', () => {
  const context = useTestApp({ trustProxy: true });

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const username = uniqueUsername('safe');
    await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123', login: false },
    });
    const response = await callApi(context.app, 'POST', '/wps/session/login', {
      body: { username, password: 'secret123', rememberMe: true },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
  });
});
