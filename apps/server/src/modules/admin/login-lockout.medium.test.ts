import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import {
  OPERATOR_LOGIN_ALERT_FAILURES,
  OPERATOR_LOGIN_FAILURES_BEFORE_LOCK,
  OPERATOR_LOGIN_LOCK_BASE_MS,
} from './login-lockout.js';

describe('operator login lockout', () => {
  const logLines: string[] = [];
  const context = useTestApp({
    logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } },
  });

  function login(username: string, password: string, ip: string) {
    return callApi(context.app, 'POST', '/admin/session/login', {
      ip,
      body: { username, password },
    });
  }

  async function auditActions(username: string) {
    const result = await sql<{ action: string; count: string }>`
      SELECT action, count(*)::text AS count FROM audit_log
      WHERE subject_type = 'operator-username' AND subject_id = ${username}
      GROUP BY action
    `.execute(context.database.db);
    return Object.fromEntries(result.rows.map((row) => [row.action, Number(row.count)]));
  }

  it('refuses 50 wrong passwords from 5 addresses before the right one works', async () => {
    const password = await addOperator(context.database.db, 'lockme', 'admin');
    const addresses = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
    const codes: string[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await login('lockme', `wrong-${attempt}`, addresses[attempt % 5] as string);
      codes.push(response.body.errorCode);
    }
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(
      OPERATOR_LOGIN_FAILURES_BEFORE_LOCK,
    );
    expect(
      codes.slice(OPERATOR_LOGIN_FAILURES_BEFORE_LOCK).every((c) => c === 'RATE_LIMITED'),
    ).toBe(true);

    const right = await login('lockme', password, '203.0.113.99');
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ success: false, errorCode: 'RATE_LIMITED' });
    expect(right.body.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(right.body.details.retryAfterSeconds).toBeLessThanOrEqual(
      (OPERATOR_LOGIN_LOCK_BASE_MS * 2) / 1000,
    );

    expect(await auditActions('lockme')).toEqual({
      'operator.login.failed': OPERATOR_LOGIN_FAILURES_BEFORE_LOCK,
      'operator.login.refused-locked': 50 - OPERATOR_LOGIN_FAILURES_BEFORE_LOCK + 1,
    });
    const alerts = logLines.filter((line) => line.includes('operator-login-failures'));
    expect(alerts).toHaveLength(
      OPERATOR_LOGIN_FAILURES_BEFORE_LOCK - OPERATOR_LOGIN_ALERT_FAILURES + 1,
    );
    expect(alerts[0]).toContain('"username":"lockme"');
    expect(alerts.join('\n')).not.toContain('wrong-');

    // Once the lock has run out the right password works and the count starts again.
    await sql`
      UPDATE operator_login_failures SET locked_until = now() - interval '1 second'
      WHERE username = 'lockme'
    `.execute(context.database.db);
    const later = await login('lockme', password, '203.0.113.98');
    expect(later.status).toBe(200);
    expect(later.body.value.token).toEqual(expect.any(String));
  });

  it('answers a locked unknown account name exactly like a locked real one', async () => {
    for (let attempt = 0; attempt < OPERATOR_LOGIN_FAILURES_BEFORE_LOCK; attempt += 1) {
      const response = await login('nobody-here', 'wrong', `203.0.113.${20 + attempt}`);
      expect(response.body.errorCode).toBe('INVALID_CREDENTIALS');
    }
    const locked = await login('nobody-here', 'wrong', '203.0.113.40');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ success: false, errorCode: 'RATE_LIMITED' });
    expect(Object.keys(locked.body.details)).toEqual(['retryAfterSeconds']);
  });

  it('prunes counts whose last attempt is past the memory and whose lock ran out', async () => {
    await login('stale-name', 'wrong', '203.0.113.80');
    await login('fresh-name', 'wrong', '203.0.113.81');
    await sql`
      UPDATE operator_login_failures SET last_attempt_at = now() - interval '25 hours'
      WHERE username = 'stale-name'
    `.execute(context.database.db);
    await createServices(context.database.db).admin.prune();
    const left = await sql<{ username: string }>`
      SELECT username FROM operator_login_failures WHERE username IN ('stale-name', 'fresh-name')
    `.execute(context.database.db);
    expect(left.rows.map((row) => row.username)).toEqual(['fresh-name']);
  });

  it('doubles the lock with each further failure', async () => {
    await addOperator(context.database.db, 'doubler', 'finance');
    for (let attempt = 0; attempt < OPERATOR_LOGIN_FAILURES_BEFORE_LOCK; attempt += 1) {
      await login('doubler', 'wrong', `203.0.113.${60 + attempt}`);
    }
    await sql`
      UPDATE operator_login_failures SET locked_until = now() - interval '1 second'
      WHERE username = 'doubler'
    `.execute(context.database.db);
    expect((await login('doubler', 'wrong', '203.0.113.70')).body.errorCode).toBe(
      'INVALID_CREDENTIALS',
    );
    const locked = await login('doubler', 'wrong', '203.0.113.71');
    expect(locked.body.details.retryAfterSeconds).toBeGreaterThan(
      OPERATOR_LOGIN_LOCK_BASE_MS / 1000,
    );
  });
});
