import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMembers } from '../../../test/ledger-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { createLedgerService, type LedgerService } from './index.js';

/** Runs of random operation sequences (thousands, as the wallet issue asks); each run has its own accounts. */
const MODEL_RUNS = 1000;
const MAX_OPERATIONS_PER_RUN = 30;
const MEMBERS_PER_RUN = 3;

type Operation =
  | { type: 'transfer'; from: number; to: number; amount: number }
  | { type: 'hold'; from: number; to: number; amount: number }
  | { type: 'post'; pending: number; fraction: number }
  | { type: 'void'; pending: number }
  | { type: 'replay'; earlier: number };

// Account 0 is a system account (may go negative); 1..MEMBERS_PER_RUN are members.
const account = fc.integer({ min: 0, max: MEMBERS_PER_RUN });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    type: fc.constant('transfer' as const),
    from: account,
    to: account,
    amount: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({
    type: fc.constant('hold' as const),
    from: account,
    to: account,
    amount: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({
    type: fc.constant('post' as const),
    pending: fc.nat(),
    fraction: fc.double({ min: 0.01, max: 1, noNaN: true }),
  }),
  fc.record({ type: fc.constant('void' as const), pending: fc.nat() }),
  fc.record({ type: fc.constant('replay' as const), earlier: fc.nat() }),
);

interface Model {
  balance: bigint[];
  held: bigint[];
  pending: { id: string; from: number; to: number; amount: bigint; open: boolean }[];
  done: { id: string; run: () => Promise<unknown> }[];
}

const available = (model: Model, index: number) =>
  (model.balance[index] ?? 0n) - (model.held[index] ?? 0n);

describe('ledger against an in-memory model', () => {
  let database: TestDatabase;
  let ledger: LedgerService;
  let run = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    ledger = createLedgerService(database.db);
    return () => database.drop();
  });

  it('agrees with the model on every outcome and balance, and keeps every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: MAX_OPERATIONS_PER_RUN }),
        async (operations) => {
          run += 1;
          const members = await insertMembers(database.db, MEMBERS_PER_RUN, `model${run}x`);
          const accounts = [
            await ledger.systemAccount({
              merchantCode: 'DEMO',
              code: `system-${run}`,
              asset: 'cash',
              currency: 'VND',
            }),
            ...(await Promise.all(
              members.map((memberId) =>
                ledger.memberAccount({
                  merchantCode: 'DEMO',
                  memberId,
                  asset: 'cash',
                  currency: 'VND',
                }),
              ),
            )),
          ];
          const model: Model = {
            balance: accounts.map(() => 0n),
            held: accounts.map(() => 0n),
            pending: [],
            done: [],
          };
          const isMember = (index: number) => index !== 0;

          for (const [step, op] of operations.entries()) {
            const id = `run${run}-step${step}`;
            if (op.type === 'transfer' || op.type === 'hold') {
              if (op.from === op.to) continue;
              const amount = BigInt(op.amount);
              const covered = !isMember(op.from) || available(model, op.from) >= amount;
              const request = {
                id,
                debitAccountId: accounts[op.from] as bigint,
                creditAccountId: accounts[op.to] as bigint,
                amountMinor: amount,
                code: op.type === 'hold' ? 'withdrawal' : 'transfer',
                ...(op.type === 'hold' ? { pending: {} } : {}),
              };
              const outcome = ledger.transfer(request);
              if (!covered) {
                await expect(outcome).rejects.toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
                continue;
              }
              await outcome;
              model.done.push({ id, run: () => ledger.transfer(request) });
              if (op.type === 'hold') {
                model.held[op.from] = (model.held[op.from] ?? 0n) + amount;
                model.pending.push({ id, from: op.from, to: op.to, amount, open: true });
              } else {
                model.balance[op.from] = (model.balance[op.from] ?? 0n) - amount;
                model.balance[op.to] = (model.balance[op.to] ?? 0n) + amount;
              }
            } else if (op.type === 'post' || op.type === 'void') {
              const pending = model.pending[op.pending % Math.max(1, model.pending.length)];
              if (!pending) continue;
              const postAmount =
                op.type === 'post'
                  ? BigInt(Math.max(1, Math.floor(Number(pending.amount) * op.fraction)))
                  : 0n;
              const request = { id, pendingId: pending.id, amountMinor: postAmount };
              const outcome =
                op.type === 'post'
                  ? ledger.postPending(request)
                  : ledger.voidPending({ id, pendingId: pending.id });
              if (!pending.open) {
                await expect(outcome).rejects.toMatchObject({ errorCode: 'TRANSFER_NOT_PENDING' });
                continue;
              }
              await outcome;
              pending.open = false;
              model.held[pending.from] = (model.held[pending.from] ?? 0n) - pending.amount;
              model.balance[pending.from] = (model.balance[pending.from] ?? 0n) - postAmount;
              model.balance[pending.to] = (model.balance[pending.to] ?? 0n) + postAmount;
              model.done.push({
                id,
                run: () =>
                  op.type === 'post'
                    ? ledger.postPending(request)
                    : ledger.voidPending({ id, pendingId: pending.id }),
              });
            } else {
              const earlier = model.done[op.earlier % Math.max(1, model.done.length)];
              if (!earlier) continue;
              const replayed = (await earlier.run()) as { replayed: boolean };
              expect(replayed.replayed).toBe(true);
            }
          }

          const stored = await ledger.findAccounts(accounts);
          for (const [index, accountId] of accounts.entries()) {
            const row = stored.find((item) => item.id === accountId);
            expect([index, row?.balanceMinor, row?.heldMinor]).toEqual([
              index,
              model.balance[index],
              model.held[index],
            ]);
          }
          expect(await ledger.reconcile()).toEqual([]);
        },
      ),
      { numRuns: MODEL_RUNS },
    );
  }, 600_000);
});
