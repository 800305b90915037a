import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, operatorToken } from '../../../test/money-helpers.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { createServices } from '../../services.js';

/** Long enough that only a revocation heard through NOTIFY (never the time to live) can end one. */
const CACHE_TTL_MS = 10 * 60 * 1000;
/** How long the other instance may take to hear a committed NOTIFY on this machine. */
const NOTIFY_WAIT_MS = 5_000;
const NOTIFY_POLL_MS = 20;

let database: TestDatabase;
/** Two instances of the server on one database, each with its own session cache. */
let first: FastifyInstance;
let second: FastifyInstance;

async function instance(): Promise<FastifyInstance> {
  const services = createServices(database.db, { sessionCacheTtlMs: CACHE_TTL_MS });
  const app = await buildApp({ db: database.db, services });
  await app.ready();
  // Sessions are answered from memory only once the instance hears revocations (LISTEN).
  const deadline = Date.now() + NOTIFY_WAIT_MS;
  while (!services.sessions.cache.isListening() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, NOTIFY_POLL_MS));
  }
  expect(services.sessions.cache.isListening()).toBe(true);
  return app;
}

async function balanceStatus(app: FastifyInstance, token: string): Promise<number> {
  return (await callApi(app, 'GET', '/wps/v2/wallets/balance', { token })).status;
}

/** The status the instance answers once it has heard the change (or after NOTIFY_WAIT_MS). */
async function statusOnceHeard(app: FastifyInstance, token: string): Promise<number> {
  const deadline = Date.now() + NOTIFY_WAIT_MS;
  let status = await balanceStatus(app, token);
  while (status === 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, NOTIFY_POLL_MS));
    status = await balanceStatus(app, token);
  }
  return status;
}

/** A member signed in, whose session both instances have answered (and so cached). */
async function cachedMember(prefix: string) {
  const member = await fundedMember(first, database.db, 0, prefix);
  expect(await balanceStatus(first, member.token)).toBe(200);
  expect(await balanceStatus(second, member.token)).toBe(200);
  return member;
}

beforeAll(async () => {
  database = await createTestDatabase();
  first = await instance();
  second = await instance();
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

describe('the session cache', () => {
  it('answers from memory: a change made behind the session module is not seen', async () => {
    const member = await cachedMember('memo');
    await sql`UPDATE sessions SET revoked_at = now() WHERE member_id = ${member.id}`.execute(
      database.db,
    );
    // Proof that the instances really cache: otherwise the tests below would prove nothing.
    expect(await balanceStatus(first, member.token)).toBe(200);
    expect(await balanceStatus(second, member.token)).toBe(200);
  });

  it('refuses a signed-out session at once here, and on the other instance once heard', async () => {
    const member = await cachedMember('signout');
    const out = await callApi(first, 'POST', '/wps/session/logout', { token: member.token });
    expect(out.status).toBe(200);
    expect(await balanceStatus(first, member.token)).toBe(401);
    expect(await statusOnceHeard(second, member.token)).toBe(401);
  });

  it('ends every session of a member an operator locks, on both instances', async () => {
    const member = await cachedMember('locked');
    const token = await operatorToken(first, database.db, 'cache-lock-support', 'support');
    const lock = await callApi(first, 'POST', '/admin/members/lock', {
      token,
      body: { memberId: String(member.id), locked: true, reason: 'session cache test' },
    });
    expect(lock.status).toBe(200);
    expect(await balanceStatus(first, member.token)).toBe(401);
    expect(await statusOnceHeard(second, member.token)).toBe(401);
  });

  it('ends the sessions of a password change on the other instance too', async () => {
    const member = await cachedMember('passwd');
    const changed = await callApi(second, 'POST', '/wps/member/password', {
      token: member.token,
      body: { oldPassword: 'secret123', newPassword: 'secret456', confirmNewPassword: 'secret456' },
    });
    expect(changed.status).toBe(200);
    expect(await balanceStatus(second, member.token)).toBe(401);
    expect(await statusOnceHeard(first, member.token)).toBe(401);
  });
});
