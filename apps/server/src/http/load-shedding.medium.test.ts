import { describe, expect, it } from 'vitest';
import { callApi, type TestContext, useTestApp } from '../../test/test-app.js';
import { DATABASE_POOL_MAX_CONNECTIONS, type Db, databasePoolWaiting } from '../db/database.js';

/** Every pooled connection taken and held until `release`: API calls then wait for one. */
async function blockPool(db: Db): Promise<{ release(): Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = 0;
  const holders = Array.from({ length: DATABASE_POOL_MAX_CONNECTIONS }, () =>
    db.connection().execute(async () => {
      held += 1;
      await gate;
    }),
  );
  await expect.poll(() => held).toBe(DATABASE_POOL_MAX_CONNECTIONS);
  return {
    release: async () => {
      open();
      await Promise.all(holders);
    },
  };
}

/** A well-formed token of no session: its lookup needs the database. */
const UNKNOWN_SESSION_TOKEN = 'x'.repeat(43);

/** A call that needs the database (the session lookup), so it waits while the pool is blocked. */
const sessionCall = (context: TestContext) =>
  callApi(context.app, 'GET', '/wps/v2/wallets/balance', { token: UNKNOWN_SESSION_TOKEN });

async function expectShed(context: TestContext) {
  const shed = await callApi(context.app, 'GET', '/wps/system/status');
  expect(shed.status).toBe(503);
  expect(shed.headers['retry-after']).toBe('1');
  expect(shed.body).toMatchObject({
    success: false,
    errorCode: 'SERVICE_UNAVAILABLE',
    details: { retryAfterSeconds: 1 },
  });
  expect((await context.app.inject('/readyz')).statusCode).toBe(503);
  // The liveness probe is never shed: the process is busy, not broken.
  expect((await context.app.inject('/healthz')).statusCode).toBe(200);
}

async function expectRecovered(context: TestContext) {
  expect((await context.app.inject('/readyz')).statusCode).toBe(200);
  const status = await callApi(context.app, 'GET', '/wps/system/status');
  expect(status.status).toBe(200);
}

describe('load shedding on requests in flight', () => {
  const context = useTestApp({
    loadShedding: { maxRequestsInFlight: 2, maxDatabasePoolWaiting: 1_000, readyHoldMs: 0 },
  });

  it('answers 503 with Retry-After past the bound, readiness 503, then 200 again', async () => {
    expect((await callApi(context.app, 'GET', '/wps/system/status')).status).toBe(200);
    const pool = await blockPool(context.database.db);
    const inFlight = [sessionCall(context), sessionCall(context)];
    await expect.poll(() => databasePoolWaiting(context.database.db)).toBe(2);

    await expectShed(context);

    await pool.release();
    expect((await Promise.all(inFlight)).map((call) => call.status)).toEqual([401, 401]);
    await expectRecovered(context);
  });
});

describe('load shedding on database pool pressure', () => {
  const context = useTestApp({
    loadShedding: { maxRequestsInFlight: 1_000, maxDatabasePoolWaiting: 1, readyHoldMs: 0 },
  });

  it('answers 503 while more requests wait for a connection than the bound, then 200 again', async () => {
    const pool = await blockPool(context.database.db);
    const waiting = [sessionCall(context), sessionCall(context)];
    await expect.poll(() => databasePoolWaiting(context.database.db)).toBe(2);

    await expectShed(context);

    await pool.release();
    await Promise.all(waiting);
    await expectRecovered(context);
  });
});

describe('readiness after shedding', () => {
  const context = useTestApp({
    loadShedding: { maxRequestsInFlight: 1, maxDatabasePoolWaiting: 1_000, readyHoldMs: 60_000 },
  });

  it('stays 503 for the hold time after the last shed request, so a balancer sees it', async () => {
    const pool = await blockPool(context.database.db);
    const inFlight = sessionCall(context);
    await expect.poll(() => databasePoolWaiting(context.database.db)).toBe(1);
    expect((await callApi(context.app, 'GET', '/wps/system/status')).status).toBe(503);
    await pool.release();
    await inFlight;

    // The bound is clear again and requests are served, but readiness holds off a while.
    expect((await callApi(context.app, 'GET', '/wps/system/status')).status).toBe(200);
    expect((await context.app.inject('/readyz')).statusCode).toBe(503);
  });
});
