import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addConsoleOperator, enrolledOperator, totpCodeFor } from '../../../test/admin-helpers.js';
import { refuseAuditEntries } from '../../../test/audit-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';

const context = useTestApp();

function login(
  body: Record<string, unknown>,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return callApi(context.app, 'POST', '/admin/session/login', { body, ...options });
}

function cookieOf(setCookie: unknown): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : String(setCookie);
  return header.split(';')[0] as string;
}

describe('operator sign-in with TOTP', () => {
  it('asks for the second factor after the right password, issues nothing, then signs in once per code', async () => {
    const { secretBase32, password } = await enrolledOperator(
      context.app,
      context.database.db,
      'tina',
      'finance',
    );
    const first = await login({ username: 'tina', password });
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({ status: 'totp-required' });
    expect(first.headers['set-cookie']).toBeUndefined();

    // The enrolment used the current step: the next step's code is the one still unused.
    const code = totpCodeFor(secretBase32, Date.now() + 30_000);
    const second = await login({ username: 'tina', password, totpCode: code });
    expect(second.status).toBe(200);
    expect(second.body.value.status).toBe('signed-in');
    expect(second.body.value.session).toMatchObject({
      operator: { username: 'tina', role: 'finance', totpEnrolled: true },
      permissions: expect.arrayContaining(['withdrawals:decide']),
    });
    const replay = await login({ username: 'tina', password, totpCode: code });
    expect(replay.status).toBe(401);
    expect(replay.body.errorCode).toBe('TOTP_CODE_INVALID');
  });

  it('lets a recovery code sign in once', async () => {
    const { recoveryCodes, password } = await enrolledOperator(
      context.app,
      context.database.db,
      'rita',
      'support',
    );
    expect(recoveryCodes).toHaveLength(10);
    const code = (recoveryCodes[0] as string).toUpperCase();
    const first = await login({ username: 'rita', password, recoveryCode: code });
    expect(first.body.value.status).toBe('signed-in');
    const again = await login({ username: 'rita', password, recoveryCode: code });
    expect(again.body.errorCode).toBe('TOTP_CODE_INVALID');
  });

  it('counts wrong codes in the lockout: after five, even the right code is refused', async () => {
    const { secretBase32, password } = await enrolledOperator(
      context.app,
      context.database.db,
      'gus',
      'admin',
    );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await login({ username: 'gus', password, totpCode: '000000' });
      expect(wrong.body.errorCode).toBe('TOTP_CODE_INVALID');
    }
    const right = await login({
      username: 'gus',
      password,
      totpCode: totpCodeFor(secretBase32, Date.now() + 30_000),
    });
    expect(right.status).toBe(429);
    expect(right.body.errorCode).toBe('RATE_LIMITED');
    const log = await context.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', 'gus')
      .execute();
    expect(log.filter((row) => row.action === 'operator.login.second-factor-failed')).toHaveLength(
      5,
    );
  });

  it('lets an operator without TOTP reach only the session, TOTP enrolment and logout', async () => {
    const password = await addConsoleOperator(context.database.db, 'nora', 'admin');
    const signedIn = await login({ username: 'nora', password });
    expect(signedIn.body.value.session.operator.totpEnrolled).toBe(false);
    const token = signedIn.body.value.token as string;
    const blocked = await callApi(context.app, 'GET', '/admin/operators', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.errorCode).toBe('TOTP_ENROLMENT_REQUIRED');
    const session = await callApi(context.app, 'GET', '/admin/session', { token });
    expect(session.status).toBe(200);
    const start = await callApi(context.app, 'POST', '/admin/session/totp/start', { token });
    expect(start.body.value.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(start.body.value.qrSvg).toMatch(/^<svg/);
    const confirm = await callApi(context.app, 'POST', '/admin/session/totp/confirm', {
      token,
      body: { code: totpCodeFor(start.body.value.secretBase32) },
    });
    expect(confirm.status).toBe(200);
    const open = await callApi(context.app, 'GET', '/admin/operators', { token });
    expect(open.status).toBe(200);
    const secretColumns = await context.database.db
      .selectFrom('operators')
      .select(['totp_secret_enc'])
      .where('username', '=', 'nora')
      .executeTakeFirstOrThrow();
    // Sealed at rest: the stored bytes are not the secret the app was given.
    expect(secretColumns.totp_secret_enc?.toString()).not.toContain(start.body.value.secretBase32);
  });
});

describe("an operator's own changes and their audit entries", () => {
  /** Runs `call` while entries of `action` cannot be written; it must fail. */
  async function refused(action: string, call: () => Promise<{ status: number }>) {
    const allow = await refuseAuditEntries(context.database.db, action);
    try {
      expect((await call()).status).toBe(500);
    } finally {
      await allow();
    }
  }

  async function operatorRow(username: string) {
    return context.database.db
      .selectFrom('operators')
      .select(['id', 'totp_pending_secret_enc', 'totp_secret_enc', 'last_login_at'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  }

  async function liveSessionsOf(operatorId: string | number | bigint): Promise<number> {
    const row = await context.database.db
      .selectFrom('operator_sessions')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('operator_id', '=', String(operatorId) as never)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  it('signs in, enrols TOTP and signs out only together with the entry', async () => {
    const password = await addConsoleOperator(context.database.db, 'audra', 'admin');
    await refused('operator.login', () => login({ username: 'audra', password }));
    const before = await operatorRow('audra');
    expect(await liveSessionsOf(before.id)).toBe(0);
    expect(before.last_login_at).toBeNull();

    const signedIn = await login({ username: 'audra', password });
    expect(signedIn.body.value.status).toBe('signed-in');
    const token = signedIn.body.value.token as string;

    await refused('operator.totp.start', () =>
      callApi(context.app, 'POST', '/admin/session/totp/start', { token }),
    );
    expect((await operatorRow('audra')).totp_pending_secret_enc).toBeNull();
    const start = await callApi(context.app, 'POST', '/admin/session/totp/start', { token });
    expect(start.status).toBe(200);

    await refused('operator.totp.enrol', () =>
      callApi(context.app, 'POST', '/admin/session/totp/confirm', {
        token,
        body: { code: totpCodeFor(start.body.value.secretBase32) },
      }),
    );
    const unenrolled = await operatorRow('audra');
    expect(unenrolled.totp_secret_enc).toBeNull();
    expect(unenrolled.totp_pending_secret_enc).not.toBeNull();

    await refused('operator.logout', () =>
      callApi(context.app, 'POST', '/admin/session/logout', { token }),
    );
    expect(await liveSessionsOf(before.id)).toBe(1);
    const still = await callApi(context.app, 'GET', '/admin/session', { token });
    expect(still.status).toBe(200);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, on /admin; non-GET calls need the CSRF token; browsers get no token', async () => {
    const password = await addConsoleOperator(context.database.db, 'cora', 'admin');
    const signedIn = await login(
      { username: 'cora', password },
      { headers: { 'sec-fetch-site': 'same-origin' } },
    );
    expect(signedIn.body.value.token).toBeUndefined();
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(/^operator_session=[^;]+; Path=\/admin; HttpOnly; SameSite=Strict/);
    const cookie = cookieOf(signedIn.headers['set-cookie']);
    const csrfToken = signedIn.body.value.session.csrfToken as string;

    const session = await callApi(context.app, 'GET', '/admin/session', { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(session.body.value.csrfToken).toBe(csrfToken);

    const noToken = await callApi(context.app, 'POST', '/admin/session/totp/start', {
      headers: { cookie },
    });
    expect(noToken.status).toBe(403);
    expect(noToken.body.errorCode).toBe('CSRF_REJECTED');
    const wrongToken = await callApi(context.app, 'POST', '/admin/session/totp/start', {
      headers: { cookie, 'x-csrf-token': `${csrfToken.slice(0, -1)}x` },
    });
    expect(wrongToken.body.errorCode).toBe('CSRF_REJECTED');
    const withToken = await callApi(context.app, 'POST', '/admin/session/totp/start', {
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(withToken.status).toBe(200);

    const logout = await callApi(context.app, 'POST', '/admin/session/logout', {
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    expect(String(logout.headers['set-cookie'])).toMatch(/^operator_session=; .*Max-Age=0/);
    const after = await callApi(context.app, 'GET', '/admin/session', { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('ends after 30 idle minutes, and after 8 hours whatever the activity', async () => {
    const password = await addConsoleOperator(context.database.db, 'ivan', 'support');
    const idle = (await login({ username: 'ivan', password })).body.value.token as string;
    const busy = (await login({ username: 'ivan', password })).body.value.token as string;
    expect((await callApi(context.app, 'GET', '/admin/session', { token: idle })).status).toBe(200);
    await sql`
      UPDATE operator_sessions SET last_seen_at = now() - interval '31 minutes'
      WHERE operator_id = (SELECT id FROM operators WHERE username = 'ivan')
        AND token_hash = sha256(${idle}::bytea)
    `.execute(context.database.db);
    const expired = await callApi(context.app, 'GET', '/admin/session', { token: idle });
    expect(expired.status).toBe(401);
    expect(expired.body.errorCode).toBe('SESSION_EXPIRED');

    await sql`
      UPDATE operator_sessions SET expires_at = now() - interval '1 second'
      WHERE operator_id = (SELECT id FROM operators WHERE username = 'ivan') AND revoked_at IS NULL
    `.execute(context.database.db);
    const pastAbsolute = await callApi(context.app, 'GET', '/admin/session', { token: busy });
    expect(pastAbsolute.status).toBe(401);
  });
});
