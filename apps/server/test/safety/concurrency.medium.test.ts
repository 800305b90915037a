import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_SECOND_APPROVAL_MINOR, setAdjustmentLimit } from '../admin-helpers.js';
import { fundedMember, ledgerBreaks, operatorToken, type TestMember } from '../money-helpers.js';
import { httpCall } from '../server-process.js';
import { useTestApp } from '../test-app.js';

/** Clients firing at once, and the moves each sends one after another. */
const CLIENTS = 64;
const MOVES_PER_CLIENT = 4;
const PLAYERS = 3;
const PLAYER_FUNDS = 300_000;
const MOVE_KINDS = ['debit', 'transfer', 'withdrawal', 'downline'] as const;
type MoveKind = (typeof MOVE_KINDS)[number];
/** Argon2 checks of many payment passwords on two shared cores take their time. */
const SAFETY_TEST_TIMEOUT_MS = 180_000;

describe('64 clients over HTTP moving money from the same few accounts', () => {
  // The per-member rate limits would refuse most of this on purpose, and load shedding may
  // refuse some of it on a busy machine (tested in http/load-shedding.*): the ledger is under test.
  const context = useTestApp({
    rateLimit: async () => {},
    loadShedding: {
      maxRequestsInFlight: Number.MAX_SAFE_INTEGER,
      maxDatabasePoolWaiting: Number.MAX_SAFE_INTEGER,
      maxEventLoopDelayMs: Number.MAX_SAFE_INTEGER,
    },
  });
  let baseUrl: string;
  let adminToken: string;
  let agent: TestMember;
  const players: (TestMember & { bankAccountId: number })[] = [];

  beforeAll(async () => {
    const db = context.database.db;
    await setAdjustmentLimit(db, NO_SECOND_APPROVAL_MINOR);
    adminToken = await operatorToken(context.app, db, 'admin64', 'admin');
    agent = await fundedMember(context.app, db, 200_000, 'agent');
    await sql`UPDATE members SET type = 1 WHERE id = ${agent.id.toString()}::bigint`.execute(db);
    // Sessions carry the type they were issued with; the agent calls read it there.
    await sql`UPDATE sessions SET member_type = 1 WHERE member_id = ${agent.id.toString()}::bigint`.execute(
      db,
    );
    for (let index = 0; index < PLAYERS; index += 1) {
      const player = await fundedMember(context.app, db, PLAYER_FUNDS, 'conc');
      await sql`UPDATE members SET upline_member_id = ${agent.id.toString()}::bigint WHERE id = ${player.id.toString()}::bigint`.execute(
        db,
      );
      baseUrl ??= await context.app.listen({ port: 0, host: '127.0.0.1' });
      const account = await httpCall(baseUrl, 'POST', '/wps/member/bank-accounts', {
        token: player.token,
        body: {
          bankName: 'Vietcombank',
          accountNumber: '0123456789',
          accountName: 'Nguyen Van An',
        },
      });
      players.push({ ...player, bankAccountId: account.body.value.id as number });
    }
  });

  it(
    'never takes a balance below zero and keeps every ledger invariant',
    async () => {
      const outcomes = new Map<string, number>();
      const count = (label: string) => outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let step = 0; step < MOVES_PER_CLIENT; step += 1) {
            const player = players[(client + step) % PLAYERS] as (typeof players)[number];
            const key = `c${client}-${step}`;
            const kind = MOVE_KINDS[(client + step) % MOVE_KINDS.length] as MoveKind;
            const answer =
              kind === 'debit'
                ? await httpCall(baseUrl, 'POST', '/admin/members/adjust-balance', {
                    token: adminToken,
                    idempotencyKey: key,
                    body: { account: player.username, amount: -20_000, reason: 'load' },
                  })
                : kind === 'transfer'
                  ? await httpCall(baseUrl, 'POST', '/wps/member/transfer/upline', {
                      token: player.token,
                      idempotencyKey: key,
                      body: { amount: 30_000, paymentPassword: '123456' },
                    })
                  : kind === 'withdrawal'
                    ? await httpCall(baseUrl, 'POST', '/wps/payments/withdrawals', {
                        token: player.token,
                        idempotencyKey: key,
                        body: {
                          bankAccountId: player.bankAccountId,
                          amount: 50_000,
                          paymentPassword: '123456',
                        },
                      })
                    : await httpCall(baseUrl, 'POST', '/wps/agent/transfer/downline', {
                        token: agent.token,
                        idempotencyKey: key,
                        body: {
                          downlineAccount: player.username,
                          amount: 10_000,
                          paymentPassword: '123456',
                        },
                      });
            // Money may run out; anything else is a failure.
            if (answer.status !== 200) expect(answer.body.errorCode).toBe('INSUFFICIENT_FUNDS');
            count(`${kind}:${answer.status === 200 ? 'ok' : 'refused'}`);
          }
        }),
      );
      expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(CLIENTS * MOVES_PER_CLIENT);
      // The moves outran the funds: some were refused, so the limit was really tested.
      expect([...outcomes.keys()].some((label) => label.endsWith(':refused'))).toBe(true);
      const negative = await sql<{ count: bigint }>`
      SELECT count(*) AS count FROM ledger_accounts
      WHERE owner_kind = 'member' AND (balance_minor - held_minor < 0 OR held_minor < 0)
    `.execute(context.database.db);
      expect(negative.rows[0]?.count).toBe(0n);
      expect(await ledgerBreaks(context.database.db)).toEqual([]);
    },
    SAFETY_TEST_TIMEOUT_MS,
  );
});
