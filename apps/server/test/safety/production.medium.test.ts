import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMerchant } from '../../src/db/seed.js';
import type { TEST_ONLY_VARIABLES } from '../../src/runtime-switches.js';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '../empty-database.js';
import {
  httpCall,
  runServerProcessUntilExit,
  type ServerProcess,
  startServerProcess,
} from '../server-process.js';
import { uniqueUsername } from '../test-app.js';

/** Several real server starts on two shared cores. */
const PRODUCTION_TEST_TIMEOUT_MS = 240_000;

const refusedValues: Record<(typeof TEST_ONLY_VARIABLES)[number] | 'DEV_OUTBOX', string> = {
  CAPTCHA_FIXED_ANSWER: '1234',
  SLIDER_FIXED_OFFSET: '150',
  LOTTERY_FAST_INTERVAL_SECONDS: '30',
  CRASH_AT: 'withdrawal.request.before-commit',
  DEV_OUTBOX: 'true',
};

/** A production start needs the key that seals operators' TOTP secrets (any 64 hex digits here). */
const production = {
  NODE_ENV: 'production',
  TRUST_PROXY: 'true',
  OPERATOR_SECRET_KEY: 'ab'.repeat(32),
};

describe('the real server with NODE_ENV=production', () => {
  let database: EmptyTestDatabase;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    database = await createEmptyTestDatabase();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it(
    'refuses to start with any test-only or developer switch, naming it',
    async () => {
      for (const [name, value] of Object.entries(refusedValues)) {
        const { code, output } = await runServerProcessUntilExit(database.url, {
          env: { ...production, [name]: value },
        });
        expect(code, output).not.toBe(0);
        expect(output).toContain(`${name}: is not for production`);
      }
      const { OPERATOR_SECRET_KEY: _key, ...withoutKey } = production;
      const keyless = await runServerProcessUntilExit(database.url, { env: withoutKey });
      expect(keyless.code, keyless.output).not.toBe(0);
      expect(keyless.output).toContain('OPERATOR_SECRET_KEY: required when NODE_ENV=production');
    },
    PRODUCTION_TEST_TIMEOUT_MS,
  );

  it(
    'creates no demo merchant, serves no outbox and no /docs, and sends the security headers',
    async () => {
      server = await startServerProcess(database.url, { env: production });
      const merchants = await sql<{ n: bigint }>`SELECT count(*) AS n FROM merchants`.execute(
        database.db,
      );
      expect(merchants.rows[0]?.n).toBe(0n);
      const operators = await sql<{ n: bigint }>`SELECT count(*) AS n FROM operators`.execute(
        database.db,
      );
      expect(operators.rows[0]?.n).toBe(0n);

      for (const url of ['/dev/outbox', '/dev/outbox.json', '/docs', '/docs/json']) {
        const response = await fetch(`${server.baseUrl}${url}`);
        expect(response.status, url).toBe(404);
        expect(await response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
      }

      const overTls = await fetch(`${server.baseUrl}/healthz`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overTls.headers.get('x-content-type-options')).toBe('nosniff');
      expect(overTls.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(overTls.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(overTls.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(overTls.headers.get('strict-transport-security')).toMatch(/^max-age=\d+$/);
      const plain = await fetch(`${server.baseUrl}/healthz`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    },
    PRODUCTION_TEST_TIMEOUT_MS,
  );

  it(
    'behind a TLS proxy, marks the remember-me cookie Secure',
    async () => {
      // The operator loads a merchant; production never does it by itself (checked above).
      await seedDemoMerchant(database.db);
      const baseUrl = server?.baseUrl as string;
      const username = uniqueUsername('tls');
      const registered = await httpCall(baseUrl, 'PUT', '/wps/member/register', {
        body: { username, password: 'secret123', confirmPassword: 'secret123', login: false },
      });
      expect(registered.status).toBe(200);
      const login = await fetch(`${baseUrl}/wps/session/login`, {
        method: 'POST',
        headers: {
          merchant: 'DEMO',
          device: 'WEB',
          'content-type': 'application/json',
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '203.0.113.20',
        },
        body: JSON.stringify({ username, password: 'secret123', rememberMe: true }),
      });
      expect(login.status).toBe(200);
      expect(login.headers.get('cache-control')).toBe('no-store');
      expect(login.headers.get('set-cookie')).toMatch(/^remember=[^;]+;.*; HttpOnly; Secure;/);
    },
    PRODUCTION_TEST_TIMEOUT_MS,
  );
});
