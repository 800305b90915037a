import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, type TestMember } from '../money-helpers.js';
import { callApi, useTestApp } from '../test-app.js';

const LOCK_WAIT_POLL_MS = 20;
const LOCK_WAIT_MAX_POLLS = 1000;

describe('a retry while the first request with its key is still running', () => {
  const context = useTestApp();
  let player: TestMember & { bankAccountId: number };

  beforeAll(async () => {
    const db = context.database.db;
    const agent = await fundedMember(context.app, db, 0, 'agent');
    const member = await fundedMember(context.app, db, 500_000, 'flight');
    await sql`UPDATE members SET upline_member_id = ${agent.id.toString()}::bigint WHERE id = ${member.id.toString()}::bigint`.execute(
      db,
    );
    const account = await callApi(context.app, 'POST', '/wps/member/bank-accounts', {
      token: member.token,
      body: { bankName: 'Vietcombank', accountNumber: '0123456789', accountName: 'Nguyen Van An' },
    });
    player = { ...member, bankAccountId: account.body.value.id as number };
  });

  /**
   * Holds the member's ledger row locked from another connection, so the first request stops
   * inside the ledger until `release`; answers once a query is waiting on the lock.
   */
  async function holdWallet() {
    const client = new pg.Client({ connectionString: context.database.url });
    // The database is dropped after the file, possibly under this connection.
    client.on('error', () => {});
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT id FROM ledger_accounts WHERE member_id = $1 FOR UPDATE', [
      player.id.toString(),
    ]);
    return {
      /** Polls until the request waits on the lock; fails if it answered without waiting. */
      async untilWaited(answeredEarly: () => unknown) {
        for (let polls = 0; ; polls += 1) {
          if (answeredEarly() !== undefined) {
            throw new Error(`answered without waiting: ${JSON.stringify(answeredEarly())}`);
          }
          if (polls > LOCK_WAIT_MAX_POLLS) {
            const activity = await client.query(
              'SELECT state, wait_event_type, wait_event, left(query, 120) AS query FROM pg_stat_activity WHERE datname = current_database()',
            );
            throw new Error(`never waited on the lock: ${JSON.stringify(activity.rows)}`);
          }
          // Inside a transaction the activity view is a snapshot: clear it to see changes.
          await client.query('SELECT pg_stat_clear_snapshot()');
          const waiting = await client.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          if (waiting.rows[0].n > 0) return;
          await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_POLL_MS));
        }
      },
      async release() {
        await client.query('COMMIT');
        await client.end();
      },
    };
  }

  const calls = {
    transfer: (key: string) =>
      callApi(context.app, 'POST', '/wps/member/transfer/upline', {
        token: player.token,
        headers: { 'idempotency-key': key },
        body: { amount: 20_000, paymentPassword: '123456' },
      }),
    withdrawal: (key: string) =>
      callApi(context.app, 'POST', '/wps/payments/withdrawals', {
        token: player.token,
        headers: { 'idempotency-key': key },
        body: { bankAccountId: player.bankAccountId, amount: 60_000, paymentPassword: '123456' },
      }),
  };

  for (const [name, call] of Object.entries(calls)) {
    it(`answers 409 for a ${name}, then replays the first answer once it is done`, async () => {
      const wallet = await holdWallet();
      const first = call(`${name}-1`);
      let settledEarly: unknown;
      void first.then((answer) => {
        settledEarly ??= answer.body;
      });
      try {
        await wallet.untilWaited(() => settledEarly);
        const retry = await call(`${name}-1`);
        expect(retry.status).toBe(409);
        expect(retry.body.errorCode).toBe('IDEMPOTENCY_IN_PROGRESS');
      } finally {
        await wallet.release();
      }
      const done = await first;
      expect(done.status).toBe(200);
      const replay = await call(`${name}-1`);
      expect(replay.status).toBe(200);
      expect(replay.body.value).toEqual(done.body.value);
    });
  }
});
