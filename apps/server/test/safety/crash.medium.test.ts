import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerService } from '../../src/modules/ledger/index.js';
import { NO_SECOND_APPROVAL_MINOR, setAdjustmentLimit } from '../admin-helpers.js';
import {
  DEMO_OPERATOR_PASSWORD,
  httpCall,
  type ServerProcess,
  startServerProcess,
} from '../server-process.js';
import { uniqueUsername } from '../test-app.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

/** Parallel clients in the stream, and how many answers they get before the crash. */
const CLIENTS = 8;
const ACKNOWLEDGED_BEFORE_CRASH = 30;
const PLAYERS = 4;
const TRANSFER_AMOUNT = 10_000;
const CREDIT_AMOUNT = 1;

interface Operation {
  kind: 'credit' | 'transfer';
  key: string;
  player: number;
  acknowledged: boolean;
}
/** Argon2 checks of many payment passwords on two shared cores take their time. */
const SAFETY_TEST_TIMEOUT_MS = 180_000;

describe('a crash (SIGKILL) in the middle of a stream of money moves', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Funds arrive as operator adjustments: one step each, no second operator (the limit is
    // adjustment-approval.medium.test.ts's).
    await setAdjustmentLimit(database.db, NO_SECOND_APPROVAL_MINOR);
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it(
    'keeps every acknowledged move once, nothing half-done, and retries finish once',
    async () => {
      const first = await startServerProcess(database.url);
      server = first;
      const login = await httpCall(first.baseUrl, 'POST', '/admin/session/login', {
        body: { username: 'operator', password: DEMO_OPERATOR_PASSWORD },
      });
      expect(login.status).toBe(200);
      const operatorToken = login.body.value.token as string;

      const register = async (prefix: string) => {
        const username = uniqueUsername(prefix);
        const registered = await httpCall(first.baseUrl, 'PUT', '/wps/member/register', {
          body: { username, password: 'secret123', confirmPassword: 'secret123' },
        });
        const token = registered.body.value.session.token as string;
        await httpCall(first.baseUrl, 'POST', '/wps/member/password/payment', {
          token,
          body: {
            loginPassword: 'secret123',
            paymentPassword: '123456',
            confirmPaymentPassword: '123456',
          },
        });
        return { username, token };
      };
      const agent = await register('agent');
      const players: { username: string; token: string }[] = [];
      for (let index = 0; index < PLAYERS; index += 1) players.push(await register('crash'));
      await sql`UPDATE members SET type = 1 WHERE username = ${agent.username}`.execute(
        database.db,
      );
      await sql`
      UPDATE members SET upline_member_id = (SELECT id FROM members WHERE username = ${agent.username})
      WHERE username IN (${sql.join(players.map((player) => player.username))})
    `.execute(database.db);
      for (const player of players) {
        const funded = await httpCall(server.baseUrl, 'POST', '/admin/members/adjust-balance', {
          token: operatorToken,
          idempotencyKey: `fund-${player.username}`,
          body: { account: player.username, amount: 10_000_000, reason: 'crash test funds' },
        });
        expect(funded.status).toBe(200);
      }

      const send = (operation: Operation, baseUrl: string) => {
        const player = players[operation.player] as (typeof players)[number];
        return operation.kind === 'credit'
          ? httpCall(baseUrl, 'POST', '/admin/members/adjust-balance', {
              token: operatorToken,
              idempotencyKey: operation.key,
              body: { account: player.username, amount: CREDIT_AMOUNT, reason: 'stream' },
            })
          : httpCall(baseUrl, 'POST', '/wps/member/transfer/upline', {
              token: player.token,
              idempotencyKey: operation.key,
              body: { amount: TRANSFER_AMOUNT, paymentPassword: '123456' },
            });
      };

      // The stream: each client sends one move after another until the server dies under it.
      const operations: Operation[] = [];
      let acknowledged = 0;
      const running = server;
      let killing: Promise<void> | undefined;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let step = 0; ; step += 1) {
            const operation: Operation = {
              kind: (client + step) % 2 === 0 ? 'credit' : 'transfer',
              key: `stream-${client}-${step}`,
              player: (client + step) % PLAYERS,
              acknowledged: false,
            };
            operations.push(operation);
            try {
              const answer = await send(operation, running.baseUrl);
              expect(answer.status).toBe(200);
              operation.acknowledged = true;
              acknowledged += 1;
              if (acknowledged === ACKNOWLEDGED_BEFORE_CRASH) killing = running.kill();
            } catch (error) {
              if (error instanceof TypeError) return; // the connection died with the server
              throw error;
            }
          }
        }),
      );
      await killing;
      const unacknowledged = operations.filter((operation) => !operation.acknowledged);
      expect(acknowledged).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_CRASH);
      expect(unacknowledged.length).toBeGreaterThan(0);

      const ledger = createLedgerService(database.db);
      const operatorId = (
        await sql<{ id: string }>`SELECT id FROM operators WHERE username = 'operator'`.execute(
          database.db,
        )
      ).rows[0]?.id;
      const creditTransferId = (key: string) =>
        `adjustment:${operatorId}:${createHash('sha256').update(key).digest('base64url')}`;
      const present = async () => {
        const credits = await sql<{ id: string }>`
        SELECT id FROM ledger_transfers WHERE code = 'adjustment' AND id NOT IN (
          ${sql.join(players.map((player) => creditTransferId(`fund-${player.username}`)))})
      `.execute(database.db);
        const transfers = await sql<{ idempotency_key: string; status: string; moved: bigint }>`
        SELECT m.idempotency_key, m.status,
          (SELECT count(*) FROM ledger_transfers t WHERE t.id = 'member-transfer:' || m.id) AS moved
        FROM member_transfers m
      `.execute(database.db);
        return { credits: new Set(credits.rows.map((row) => row.id)), transfers: transfers.rows };
      };

      // After the crash, before anything else: every acknowledged move is there, nothing unknown
      // is, and a recorded transfer either moved its money or did not start to.
      expect(await ledger.reconcile()).toEqual([]);
      const afterCrash = await present();
      const sentCredits = new Set(
        operations.filter((op) => op.kind === 'credit').map((op) => creditTransferId(op.key)),
      );
      for (const id of afterCrash.credits) expect(sentCredits.has(id)).toBe(true);
      const sentTransferKeys = new Set(
        operations.filter((op) => op.kind === 'transfer').map((op) => op.key),
      );
      for (const row of afterCrash.transfers) {
        expect(sentTransferKeys.has(row.idempotency_key)).toBe(true);
        if (row.status === 'completed') expect(row.moved).toBe(1n);
      }
      for (const operation of operations.filter((op) => op.acknowledged)) {
        if (operation.kind === 'credit') {
          expect(afterCrash.credits.has(creditTransferId(operation.key))).toBe(true);
        } else {
          expect(afterCrash.transfers).toContainEqual({
            idempotency_key: operation.key,
            status: 'completed',
            moved: 1n,
          });
        }
      }

      // Restart on the same database; the clients retry what they never heard back about.
      server = await startServerProcess(database.url);
      for (const operation of unacknowledged) {
        const answer = await send(operation, server.baseUrl);
        expect(answer.status).toBe(200);
      }
      for (const operation of operations) {
        const again = await send(operation, server.baseUrl);
        expect(again.status).toBe(200);
      }
      const settled = await present();
      expect(settled.credits.size).toBe(sentCredits.size);
      expect(settled.transfers).toHaveLength(sentTransferKeys.size);
      for (const row of settled.transfers)
        expect(row).toMatchObject({ status: 'completed', moved: 1n });
      const agentBalance = await httpCall(server.baseUrl, 'GET', '/wps/v2/wallets/balance', {
        token: agent.token,
      });
      expect(agentBalance.body.value.sumBalance).toBe(sentTransferKeys.size * TRANSFER_AMOUNT);
      expect(await ledger.reconcile()).toEqual([]);
    },
    SAFETY_TEST_TIMEOUT_MS,
  );
});
