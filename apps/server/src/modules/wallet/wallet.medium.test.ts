import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../../test/event-helpers.js';
import { BASE_MERCHANT_CODE, BASE_VENDOR_WALLET } from '../../../test/fixtures/base-merchant.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('wallet calls: consolidated funds, vendor wallets, transfers and records', () => {
  const context = useTestApp();
  let services: ReturnType<typeof createServices>;

  beforeAll(() => {
    services = createServices(context.database.db);
  });

  async function member() {
    const username = uniqueUsername('wal');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const token = registered.body.value.session.token as string;
    const row = await sql<{
      id: string;
    }>`SELECT id FROM members WHERE username = ${username}`.execute(context.database.db);
    return { token, memberId: BigInt(row.rows[0]?.id ?? 0) };
  }

  /** Posts `amount` into the member's main account of `asset` with the given code. */
  async function credit(
    memberId: bigint,
    amount: number,
    code: string,
    asset: 'cash' | 'bonus' = 'cash',
  ) {
    const account = await services.ledger.memberAccount({
      merchantCode: BASE_MERCHANT_CODE,
      memberId,
      asset,
      currency: 'VND',
    });
    const source = await services.ledger.systemAccount({
      merchantCode: BASE_MERCHANT_CODE,
      code: `test:${code}`,
      asset,
      currency: 'VND',
    });
    const { transfer } = await services.ledger.transfer({
      id: `test-${code}-${memberId}-${Math.random()}`,
      debitAccountId: source,
      creditAccountId: account,
      amountMinor: BigInt(Math.round(amount * 100)),
      code,
      reference: `ref-${code}`,
    });
    return transfer;
  }

  async function transfer(token: string, body: object, key?: string) {
    return callApi(context.app, 'POST', '/wps/relay/GCS_walletTransfer', {
      token,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  async function consolidated(token: string) {
    const { status, body } = await callApi(
      context.app,
      'GET',
      '/wps/member/info/funds/consolidated',
      { token },
    );
    expect(status).toBe(200);
    return body.value;
  }

  async function records(token: string, query: string, path = '/wps/member/transactions') {
    return callApi(context.app, 'GET', `${path}?${query}`, { token });
  }

  it('answers the merchant wallet mode and its vendor wallets', async () => {
    const { token } = await member();
    const { status, body } = await callApi(context.app, 'GET', '/wps/relay/GCS_merchantWallet', {
      token,
    });
    expect(status).toBe(200);
    expect(body.value).toEqual({
      walletMode: 'transfer',
      vendorWallets: [
        {
          code: BASE_VENDOR_WALLET.code,
          name: BASE_VENDOR_WALLET.name,
          minTransfer: 1_000,
          maxTransfer: 100_000_000,
        },
      ],
    });
    const guest = await callApi(context.app, 'GET', '/wps/relay/GCS_merchantWallet');
    expect(guest.status).toBe(401);
  });

  it('consolidates main, bonus, points and vendor wallets with the contract flags', async () => {
    const { token, memberId } = await member();
    await credit(memberId, 500_000, 'deposit');
    await credit(memberId, 20_000.5, 'bonus', 'bonus');
    const moved = await transfer(token, {
      from: 'main',
      to: BASE_VENDOR_WALLET.code,
      amount: 120_000,
    });
    expect(moved.status).toBe(200);

    const funds = await consolidated(token);
    expect(funds).toMatchObject({
      currency: 'VND',
      mainBalance: 380_000,
      bonusBalance: 20_000.5,
      pointsBalance: 0,
      vendorBalance: 120_000,
      totalBalance: 500_000,
      contracts: {
        dailySalary: false,
        hourlySalary: false,
        dividend: false,
        realTimeSalary: false,
      },
    });
    expect(funds.wallets).toContainEqual({
      wallet: BASE_VENDOR_WALLET.code,
      asset: 'cash',
      name: BASE_VENDOR_WALLET.name,
      balance: 120_000,
    });
    // The header balance is the main wallet only.
    const balance = await callApi(context.app, 'GET', '/wps/v2/wallets/balance', { token });
    expect(balance.body.value.sumBalance).toBe(380_000);
  });

  it('moves money both ways as one ledger transfer and never below zero', async () => {
    const { token, memberId } = await member();
    await credit(memberId, 50_000, 'deposit');

    const tooMuch = await transfer(token, {
      from: 'main',
      to: BASE_VENDOR_WALLET.code,
      amount: 60_000,
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.errorCode).toBe('INSUFFICIENT_FUNDS');

    const into = await transfer(token, {
      from: 'main',
      to: BASE_VENDOR_WALLET.code,
      amount: 50_000,
    });
    expect(into.status).toBe(200);
    const back = await transfer(token, {
      from: BASE_VENDOR_WALLET.code,
      to: 'main',
      amount: 20_000,
    });
    expect(back.status).toBe(200);
    const overdraw = await transfer(token, {
      from: BASE_VENDOR_WALLET.code,
      to: 'main',
      amount: 30_000.01,
    });
    expect(overdraw.body.errorCode).toBe('INSUFFICIENT_FUNDS');

    const funds = await consolidated(token);
    expect(funds.mainBalance).toBe(20_000);
    expect(funds.vendorBalance).toBe(30_000);
    const rows = await sql<{ code: string; n: bigint }>`
      SELECT t.code, count(*) AS n FROM ledger_transfers t
      JOIN ledger_accounts a ON a.id = t.debit_account_id
      WHERE a.member_id = ${memberId.toString()} GROUP BY t.code
    `.execute(context.database.db);
    expect(rows.rows).toEqual([{ code: 'transfer', n: 2n }]);
    // Each move that went through told the stream (the header's live balance); refusals did not.
    const moved = await eventsOf(context.database.db, 'wallet.transfer-moved', memberId);
    expect(moved.map((event) => event.payload)).toEqual([
      expect.objectContaining({ direction: 'in', stage: 'posted', amountMinor: '5000000' }),
      expect.objectContaining({ direction: 'out', stage: 'posted', amountMinor: '2000000' }),
    ]);
    expect(await services.ledger.reconcile()).toEqual([]);
  });

  it('lets only what the wallet holds through many parallel transfers', async () => {
    const { token, memberId } = await member();
    await credit(memberId, 10_000, 'deposit');
    const body = { from: 'main', to: BASE_VENDOR_WALLET.code, amount: 3_000 };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => transfer(token, body, `parallel-${index}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    const funds = await consolidated(token);
    expect(funds.mainBalance).toBe(1_000);
    expect(funds.vendorBalance).toBe(9_000);
    expect(await services.ledger.reconcile()).toEqual([]);
  });

  it('refuses unknown wallets, main to main and amounts outside the limits', async () => {
    const { token, memberId } = await member();
    await credit(memberId, 10_000, 'deposit');
    const unknown = await transfer(token, { from: 'main', to: 'NOPE', amount: 5_000 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorCode).toBe('WALLET_UNKNOWN');
    const same = await transfer(token, { from: 'main', to: 'main', amount: 5_000 });
    expect(same.body.errorCode).toBe('VALIDATION_FAILED');
    const vendorToVendor = await transfer(token, {
      from: BASE_VENDOR_WALLET.code,
      to: 'OTHER',
      amount: 5_000,
    });
    expect(vendorToVendor.body.errorCode).toBe('VALIDATION_FAILED');
    const small = await transfer(token, { from: 'main', to: BASE_VENDOR_WALLET.code, amount: 999 });
    expect(small.status).toBe(400);
    expect(small.body).toMatchObject({
      errorCode: 'AMOUNT_OUT_OF_RANGE',
      details: { minAmount: 1_000, maxAmount: 100_000_000 },
    });
    expect((await consolidated(token)).mainBalance).toBe(10_000);
  });

  it('replays a retried transfer once and refuses the same key with another body', async () => {
    const { token, memberId } = await member();
    await credit(memberId, 100_000, 'deposit');
    const body = { from: 'main', to: BASE_VENDOR_WALLET.code, amount: 10_000 };
    const both = await Promise.all([
      transfer(token, body, 'key-1'),
      transfer(token, body, 'key-1'),
    ]);
    // A retry while the first is still running is 409; once it is done, a replay.
    const [first, second] = both[0].status === 200 ? both : [both[1], both[0]];
    expect(first.status).toBe(200);
    if (second.status === 409) {
      expect(second.body.errorCode).toBe('IDEMPOTENCY_IN_PROGRESS');
    } else {
      expect(second.status).toBe(200);
      expect(second.body.value).toEqual(first.body.value);
    }
    const again = await transfer(token, body, 'key-1');
    expect(again.body.value).toEqual(first.body.value);

    const otherAmount = await transfer(token, { ...body, amount: 20_000 }, 'key-1');
    expect(otherAmount.status).toBe(422);
    expect(otherAmount.body.errorCode).toBe('IDEMPOTENCY_KEY_MISMATCH');
    const otherWay = await transfer(
      token,
      { from: BASE_VENDOR_WALLET.code, to: 'main', amount: 10_000 },
      'key-1',
    );
    expect(otherWay.body.errorCode).toBe('IDEMPOTENCY_KEY_MISMATCH');
    expect((await consolidated(token)).vendorBalance).toBe(10_000);

    // Another member's same key is another transfer.
    const other = await member();
    await credit(other.memberId, 10_000, 'deposit');
    const theirs = await transfer(other.token, body, 'key-1');
    expect(theirs.status).toBe(200);
    expect(theirs.body.value.transferId).not.toBe(first.body.value.transferId);
  });

  describe('account record', () => {
    let token: string;
    let memberId: bigint;

    beforeAll(async () => {
      ({ token, memberId } = await member());
      await credit(memberId, 100_000, 'deposit');
      await credit(memberId, 5_000, 'win');
      await credit(memberId, 2_500.25, 'deposit');
      await credit(memberId, 1_000, 'bonus', 'bonus');
      const moved = await transfer(token, {
        from: 'main',
        to: BASE_VENDOR_WALLET.code,
        amount: 7_000,
      });
      expect(moved.status).toBe(200);
      // Someone else's money never shows.
      const stranger = await member();
      await credit(stranger.memberId, 9_999, 'deposit');
    });

    it('lists every entry of the member, newest first, with the balance after', async () => {
      const { status, body } = await records(token, 'pageSize=50');
      expect(status).toBe(200);
      const page = body.value;
      expect(page.totalCount).toBe(6);
      expect(page.totalPages).toBe(1);
      expect(page.list.map((row: { type: string }) => row.type)).toEqual([
        'transfer',
        'transfer',
        'bonus',
        'deposit',
        'win',
        'deposit',
      ]);
      const mainOut = page.list.find(
        (row: { type: string; wallet: string }) => row.type === 'transfer' && row.wallet === 'main',
      );
      expect(mainOut).toMatchObject({ amount: -7_000, balanceAfter: 100_500.25, asset: 'cash' });
      const vendorIn = page.list.find(
        (row: { wallet: string }) => row.wallet === BASE_VENDOR_WALLET.code,
      );
      expect(vendorIn).toMatchObject({ amount: 7_000, balanceAfter: 7_000 });
      expect(page.list.at(-1)).toMatchObject({
        type: 'deposit',
        amount: 100_000,
        balanceAfter: 100_000,
        reference: 'ref-deposit',
        currency: 'VND',
      });
      expect(page.list.some((row: { amount: number }) => row.amount === 9_999)).toBe(false);
    });

    it('filters by type', async () => {
      const { body } = await records(token, 'type=deposit');
      expect(body.value.totalCount).toBe(2);
      expect(body.value.list.map((row: { amount: number }) => row.amount)).toEqual([
        2_500.25, 100_000,
      ]);
      const none = await records(token, 'type=withdrawal');
      expect(none.body.value).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });
      const bad = await records(token, 'type=nonsense');
      expect(bad.status).toBe(400);
      expect(bad.body.errorCode).toBe('VALIDATION_FAILED');
    });

    it('pages with 1-based page numbers and a bounded page size', async () => {
      const first = await records(token, 'pageNo=1&pageSize=4');
      const second = await records(token, 'pageNo=2&pageSize=4');
      expect(first.body.value).toMatchObject({ pageNo: 1, pageSize: 4, totalPages: 2 });
      expect(first.body.value.list).toHaveLength(4);
      expect(second.body.value.list).toHaveLength(2);
      const ids = [...first.body.value.list, ...second.body.value.list].map(
        (row: { id: string }) => row.id,
      );
      expect(new Set(ids).size).toBe(6);
      const past = await records(token, 'pageNo=3&pageSize=4');
      expect(past.body.value.list).toEqual([]);
      expect((await records(token, 'pageSize=51')).status).toBe(400);
      expect((await records(token, 'pageNo=0')).status).toBe(400);
    });

    it('keeps to the date range: from inclusive, to exclusive, at most 90 days', async () => {
      const all = (await records(token, 'pageSize=50')).body.value.list as { time: string }[];
      const oldest = all.at(-1)?.time ?? '';
      const newest = all[0]?.time ?? '';
      const fromOldest = await records(
        token,
        `from=${encodeURIComponent(oldest)}&to=${encodeURIComponent(new Date(Date.parse(newest) + 1).toISOString())}`,
      );
      expect(fromOldest.body.value.totalCount).toBe(6);
      const toOldest = await records(
        token,
        `from=${encodeURIComponent(new Date(Date.parse(oldest) - DAY_MS).toISOString())}&to=${encodeURIComponent(oldest)}`,
      );
      expect(toOldest.body.value.totalCount).toBe(0);
      const lastMonth = await records(
        token,
        `from=${encodeURIComponent(new Date(Date.now() - 40 * DAY_MS).toISOString())}&to=${encodeURIComponent(new Date(Date.now() - 30 * DAY_MS).toISOString())}`,
      );
      expect(lastMonth.body.value.totalCount).toBe(0);

      const tooWide = await records(
        token,
        `from=${encodeURIComponent(new Date(Date.now() - 91 * DAY_MS).toISOString())}`,
      );
      expect(tooWide.status).toBe(400);
      expect(tooWide.body.errorCode).toBe('DATE_RANGE_INVALID');
      const reversed = await records(
        token,
        `from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() - DAY_MS).toISOString())}`,
      );
      expect(reversed.body.errorCode).toBe('DATE_RANGE_INVALID');
      const notADate = await records(token, 'from=yesterday');
      expect(notADate.body.errorCode).toBe('VALIDATION_FAILED');
    });

    it('bonus details list only the bonus wallet', async () => {
      const { status, body } = await records(token, 'pageSize=10', '/wps/member/bonus-details');
      expect(status).toBe(200);
      expect(body.value.totalCount).toBe(1);
      expect(body.value.list[0]).toMatchObject({
        type: 'bonus',
        asset: 'bonus',
        amount: 1_000,
        balanceAfter: 1_000,
      });
    });

    it('needs a session', async () => {
      const guest = await callApi(context.app, 'GET', '/wps/member/transactions');
      expect(guest.status).toBe(401);
    });
  });
  it('lets money out of a disabled vendor wallet, never in', async () => {
    const { token, memberId } = await member();
    await credit(memberId, 10_000, 'deposit');
    const into = { from: 'main', to: BASE_VENDOR_WALLET.code, amount: 6_000 };
    expect((await transfer(token, into)).status).toBe(200);
    const setEnabled = (enabled: boolean) =>
      sql`UPDATE vendor_wallets SET enabled = ${enabled} WHERE code = ${BASE_VENDOR_WALLET.code}`.execute(
        context.database.db,
      );
    await setEnabled(false);
    try {
      const wallets = await callApi(context.app, 'GET', '/wps/relay/GCS_merchantWallet', { token });
      expect(wallets.body.value).toEqual({ walletMode: 'seamless', vendorWallets: [] });
      expect((await transfer(token, into)).body.errorCode).toBe('WALLET_UNKNOWN');
      // Still shown while money is in it, and below the minimum it can still come home.
      expect((await consolidated(token)).vendorBalance).toBe(6_000);
      const back = await transfer(token, {
        from: BASE_VENDOR_WALLET.code,
        to: 'main',
        amount: 500,
      });
      expect(back.status).toBe(200);
      expect((await consolidated(token)).mainBalance).toBe(4_500);
    } finally {
      await setEnabled(true);
    }
  });
});
