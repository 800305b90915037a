import { beforeAll, describe, expect, it } from 'vitest';
import { forceMemberBalance, insertMembers } from '../../../test/ledger-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { createLedgerService, type LedgerService } from './index.js';

const merchantCode = 'DEMO';
const currency = 'VND';

describe('ledger', () => {
  let database: TestDatabase;
  let ledger: LedgerService;
  let clearing: bigint;
  let house: bigint;
  let counter = 0;
  const nextId = (label: string) => `${label}-${++counter}`;

  async function memberAccount() {
    const [memberId] = await insertMembers(database.db, 1, `m${++counter}x`);
    return ledger.memberAccount({
      merchantCode,
      memberId: memberId as bigint,
      asset: 'cash',
      currency,
    });
  }

  async function fund(account: bigint, amountMinor: bigint) {
    await ledger.transfer({
      id: nextId('deposit'),
      debitAccountId: clearing,
      creditAccountId: account,
      amountMinor,
      code: 'deposit',
    });
  }

  async function balanceOf(account: bigint) {
    const [row] = await ledger.findAccounts([account]);
    return { balance: row?.balanceMinor, held: row?.heldMinor };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    ledger = createLedgerService(database.db);
    clearing = await ledger.systemAccount({
      merchantCode,
      code: 'clearing:bank',
      asset: 'cash',
      currency,
    });
    house = await ledger.systemAccount({
      merchantCode,
      code: 'house:built-in',
      asset: 'cash',
      currency,
    });
    return () => database.drop();
  });

  it('moves money once per transfer id and records the balance after', async () => {
    const account = await memberAccount();
    const request = {
      id: 'deposit-once',
      debitAccountId: clearing,
      creditAccountId: account,
      amountMinor: 10_000n,
      code: 'deposit',
      reference: 'bank ref 1',
    };
    const first = await ledger.transfer(request);
    const again = await ledger.transfer(request);
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.transfer).toEqual(first.transfer);
    expect(await balanceOf(account)).toEqual({ balance: 10_000n, held: 0n });
    await expect(ledger.transfer({ ...request, amountMinor: 20_000n })).rejects.toMatchObject({
      errorCode: 'IDEMPOTENCY_CONFLICT',
    });
    expect(await ledger.reconcile()).toEqual([]);
  });

  it('refuses a debit the member cannot cover and changes nothing', async () => {
    const account = await memberAccount();
    await fund(account, 500n);
    await expect(
      ledger.transfer({
        id: nextId('bet'),
        debitAccountId: account,
        creditAccountId: house,
        amountMinor: 501n,
        code: 'bet',
      }),
    ).rejects.toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(account)).toEqual({ balance: 500n, held: 0n });
    const exact = await ledger.transfer({
      id: nextId('bet'),
      debitAccountId: account,
      creditAccountId: house,
      amountMinor: 500n,
      code: 'bet',
    });
    expect(exact.replayed).toBe(false);
    expect(await balanceOf(account)).toEqual({ balance: 0n, held: 0n });
  });

  it('holds funds for a pending transfer, then posts part of it exactly once', async () => {
    const account = await memberAccount();
    await fund(account, 1_000n);
    const pending = await ledger.transfer({
      id: nextId('withdrawal'),
      debitAccountId: account,
      creditAccountId: clearing,
      amountMinor: 800n,
      code: 'withdrawal',
      pending: {},
    });
    expect(pending.transfer.status).toBe('pending');
    expect(await balanceOf(account)).toEqual({ balance: 1_000n, held: 800n });
    await expect(
      ledger.transfer({
        id: nextId('bet'),
        debitAccountId: account,
        creditAccountId: house,
        amountMinor: 201n,
        code: 'bet',
      }),
    ).rejects.toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });

    const postId = nextId('post');
    const posted = await ledger.postPending({
      id: postId,
      pendingId: pending.transfer.id,
      amountMinor: 600n,
    });
    expect(posted.replayed).toBe(false);
    expect(await balanceOf(account)).toEqual({ balance: 400n, held: 0n });
    expect(
      (await ledger.postPending({ id: postId, pendingId: pending.transfer.id, amountMinor: 600n }))
        .replayed,
    ).toBe(true);
    await expect(
      ledger.postPending({ id: nextId('post'), pendingId: pending.transfer.id }),
    ).rejects.toMatchObject({ errorCode: 'TRANSFER_NOT_PENDING' });
    await expect(
      ledger.voidPending({ id: nextId('void'), pendingId: pending.transfer.id }),
    ).rejects.toMatchObject({ errorCode: 'TRANSFER_NOT_PENDING' });
    expect((await ledger.findTransfer(pending.transfer.id))?.status).toBe('completed');
    expect(await ledger.reconcile()).toEqual([]);
  });

  it('voids and expires pending transfers, releasing the hold', async () => {
    const account = await memberAccount();
    await fund(account, 300n);
    const voided = await ledger.transfer({
      id: nextId('withdrawal'),
      debitAccountId: account,
      creditAccountId: clearing,
      amountMinor: 100n,
      code: 'withdrawal',
      pending: {},
    });
    await ledger.voidPending({ id: nextId('void'), pendingId: voided.transfer.id });
    const expiring = await ledger.transfer({
      id: nextId('withdrawal'),
      debitAccountId: account,
      creditAccountId: clearing,
      amountMinor: 200n,
      code: 'withdrawal',
      pending: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await balanceOf(account)).toEqual({ balance: 300n, held: 200n });
    expect(await ledger.expirePending()).toBeGreaterThanOrEqual(1);
    expect((await ledger.findTransfer(expiring.transfer.id))?.status).toBe('expired');
    expect(await balanceOf(account)).toEqual({ balance: 300n, held: 0n });
    expect(await ledger.reconcile()).toEqual([]);
  });

  it('never lets concurrent debits take a member below zero', async () => {
    const account = await memberAccount();
    await fund(account, 1_000n);
    const attempts = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        ledger.transfer({
          id: `race-${counter}-${index}`,
          debitAccountId: account,
          creditAccountId: house,
          amountMinor: 30n,
          code: 'bet',
        }),
      ),
    );
    const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled').length;
    expect(succeeded).toBe(33);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected')
        expect(attempt.reason).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
    }
    expect(await balanceOf(account)).toEqual({ balance: 10n, held: 0n });
    expect(await ledger.reconcile()).toEqual([]);
  });

  it('does not deadlock transfers crossing between two members both ways', async () => {
    const first = await memberAccount();
    const second = await memberAccount();
    await fund(first, 1_000n);
    await fund(second, 1_000n);
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        ledger.transfer({
          id: `cross-${counter}-${index}`,
          debitAccountId: index % 2 === 0 ? first : second,
          creditAccountId: index % 2 === 0 ? second : first,
          amountMinor: 10n,
          code: 'transfer',
        }),
      ),
    );
    expect((await balanceOf(first)).balance).toBe(1_000n);
    expect((await balanceOf(second)).balance).toBe(1_000n);
    expect(await ledger.reconcile()).toEqual([]);
  });

  it('keeps one id to one transfer when the same request races itself', async () => {
    const account = await memberAccount();
    const request = {
      id: nextId('dup'),
      debitAccountId: clearing,
      creditAccountId: account,
      amountMinor: 70n,
      code: 'deposit',
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => ledger.transfer(request)));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect((await balanceOf(account)).balance).toBe(70n);
  });

  it('posts a set of transfers with running balances, replays it once, refuses a changed id and rolls back a short member whole', async () => {
    const first = await memberAccount();
    const second = await memberAccount();
    const set = [
      { id: nextId('set'), debitAccountId: house, creditAccountId: first, amountMinor: 30n },
      { id: nextId('set'), debitAccountId: house, creditAccountId: second, amountMinor: 50n },
      { id: nextId('set'), debitAccountId: house, creditAccountId: first, amountMinor: 20n },
    ].map((transfer) => ({ ...transfer, code: 'win', reference: 'draw 1' }));
    const houseBefore = (await balanceOf(house)).balance as bigint;
    const post = (transfers: typeof set) =>
      database.db.transaction().execute((trx) => ledger.transferSetWithin(trx, transfers));

    expect(await post(set)).toEqual([false, false, false]);
    expect(await post(set)).toEqual([true, true, true]);
    expect(await balanceOf(first)).toEqual({ balance: 50n, held: 0n });
    expect(await balanceOf(second)).toEqual({ balance: 50n, held: 0n });
    expect((await balanceOf(house)).balance).toBe(houseBefore - 100n);
    // Each entry carries its account's balance after it, in the order of the set.
    const statement = await ledger.memberEntries({
      memberId: (await ledger.findAccounts([first]))[0]?.memberId as bigint,
      from: new Date(0),
      to: new Date(Date.now() + 60_000),
      limit: 10,
      offset: 0,
    });
    const after = statement.rows.map((row) => row.balanceAfterMinor);
    expect(after.sort((a, b) => Number(a - b))).toEqual([30n, 50n]);

    await expect(
      post([{ ...(set[0] as (typeof set)[number]), amountMinor: 31n }]),
    ).rejects.toMatchObject({ errorCode: 'IDEMPOTENCY_CONFLICT' });
    // A member debit the balance cannot cover refuses the whole set: the credit beside it too.
    const short = [
      { id: nextId('set'), debitAccountId: house, creditAccountId: second, amountMinor: 5n },
      { id: nextId('set'), debitAccountId: first, creditAccountId: house, amountMinor: 51n },
    ].map((transfer) => ({ ...transfer, code: 'bet', reference: '' }));
    await expect(post(short)).rejects.toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(second)).toEqual({ balance: 50n, held: 0n });
    expect(await ledger.findTransfer(short[0]?.id as string)).toBeUndefined();
    expect(await ledger.reconcile()).toEqual([]);
  });

  it('spreads the house over shards and reports a tampered balance', async () => {
    const shards = new Set(
      await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          ledger.systemAccount({
            merchantCode,
            code: 'house:sharded',
            asset: 'cash',
            currency,
            shardKey: `member-${index}`,
          }),
        ),
      ),
    );
    expect(shards.size).toBeGreaterThan(1);

    const account = await memberAccount();
    await fund(account, 50n);
    await expect(forceMemberBalance(database.db, account, -1n)).rejects.toThrow(
      /member_available_not_negative/,
    );
    await forceMemberBalance(database.db, account, 49n);
    const breaks = await ledger.reconcile();
    expect(breaks.map((item) => item.invariant).sort()).toEqual([
      'asset-sums-to-zero',
      'balance-equals-entries',
    ]);
    await forceMemberBalance(database.db, account, 50n);
    expect(await ledger.reconcile()).toEqual([]);
  });
});
