import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMerchant } from '../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../test/fixtures/base-merchant.js';
import { insertMembers } from '../../test/ledger-fixtures.js';
import { addTestGame, lotteryOn, openDrawOf } from '../../test/lottery-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createLedgerService, type LedgerService } from '../modules/ledger/index.js';

/**
 * The merchant column on the bet path's tables (migration `merchant-hot-path`): the writers set
 * it, nothing fills it behind their back, and a row can only carry its parent's merchant.
 */
const OTHER_MERCHANT = 'HOTOTHER';
const currency = 'VND';

describe('the merchant on the bet path', () => {
  let database: TestDatabase;
  let ledger: LedgerService;
  let member: bigint;
  let house: bigint;

  beforeAll(async () => {
    database = await createTestDatabase();
    await addMerchant(database.db, OTHER_MERCHANT);
    ledger = createLedgerService(database.db);
    const [memberId] = await insertMembers(database.db, 1, 'hotpath');
    member = await ledger.memberAccount({
      merchantCode: BASE_MERCHANT_CODE,
      memberId: memberId as bigint,
      asset: 'cash',
      currency,
    });
    house = await ledger.systemAccount({
      merchantCode: BASE_MERCHANT_CODE,
      code: 'house:hot-path',
      asset: 'cash',
      currency,
    });
  });
  afterAll(() => database.drop());

  const posted = (id: string, debitAccountId: bigint, creditAccountId: bigint) => ({
    id,
    debitAccountId,
    creditAccountId,
    amountMinor: 100n,
    code: 'bet',
  });

  it("writes the accounts' merchant on the entries of every posting path", async () => {
    await ledger.transfer({ ...posted('hot:fund', house, member), amountMinor: 10_000n });
    await database.db.transaction().execute(async (trx) => {
      await ledger.transferWithin(trx, posted('hot:single', member, house));
      await ledger.transferBatchWithin(trx, [posted('hot:batch', member, house)]);
      await ledger.transferSetWithin(trx, [posted('hot:set', member, house)]);
      await ledger.holdWithin(trx, posted('hot:hold', member, house));
      await ledger.postPendingWithin(trx, { id: 'hot:post', pendingId: 'hot:hold' });
    });

    const { rows } = await sql<{ transfer_id: string; merchant_code: string }>`
      SELECT transfer_id, merchant_code FROM ledger_entries
      WHERE transfer_id LIKE 'hot:%' ORDER BY transfer_id, id
    `.execute(database.db);
    expect(rows.map((row) => row.transfer_id)).toEqual(
      ['hot:batch', 'hot:fund', 'hot:post', 'hot:set', 'hot:single'].flatMap((id) => [id, id]),
    );
    expect(new Set(rows.map((row) => row.merchant_code))).toEqual(new Set([BASE_MERCHANT_CODE]));
    expect(await ledger.reconcile()).toEqual([]);
  });

  it('refuses a ledger entry without its merchant instead of filling it in', async () => {
    await expect(
      sql`
        INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, balance_after_minor)
        VALUES ('hot:fund', ${member.toString()}::bigint, 1, 1)
      `.execute(database.db),
    ).rejects.toThrow(/null value in column "merchant_code"/);
  });

  it("refuses ledger rows that name another merchant than their account's", async () => {
    await expect(
      sql`
        INSERT INTO ledger_entries (transfer_id, merchant_code, account_id, amount_minor,
          balance_after_minor)
        VALUES ('hot:fund', ${OTHER_MERCHANT}, ${member.toString()}::bigint, 1, 1)
      `.execute(database.db),
    ).rejects.toThrow(/ledger_entries_account_merchant_fkey/);
    await expect(
      sql`
        INSERT INTO ledger_transfers (id, merchant_code, debit_account_id, credit_account_id,
          amount_minor, code, kind, status)
        VALUES ('hot:other', ${OTHER_MERCHANT}, ${member.toString()}::bigint,
          ${house.toString()}::bigint, 1, 'bet', 'single', 'posted')
      `.execute(database.db),
    ).rejects.toThrow(/ledger_transfers_debit_merchant_fkey/);
  });

  it("writes a draw's liability with the draw's merchant and refuses another or none", async () => {
    const gameCode = await addTestGame(database.db);
    await lotteryOn(database.db).lottery.tick(new Date());
    const { drawId } = await openDrawOf(database.db, gameCode);
    const insert = (merchant: string | null) => sql`
      INSERT INTO lottery_liability (draw_id, merchant_code, key, liability_minor)
      VALUES (${drawId}, ${merchant}, 'hot', 1)
    `;
    await expect(insert(null).execute(database.db)).rejects.toThrow(/null value/);
    await expect(insert(OTHER_MERCHANT).execute(database.db)).rejects.toThrow(
      /lottery_liability_draw_merchant_fkey/,
    );
    await insert(BASE_MERCHANT_CODE).execute(database.db);
  });
});
