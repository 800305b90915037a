import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import {
  DEMO_AFFILIATE_CODE,
  DEMO_MERCHANT_CODE,
  DEMO_VENDOR_WALLET_CODE,
  seedDemoMerchant,
  seedDemoOperator,
} from './seed.js';

/** Rows of the demo merchant in each table its modules seed. */
async function demoRowCounts(database: TestDatabase) {
  const { rows } = await sql<Record<string, bigint>>`
    SELECT
      (SELECT count(*) FROM merchants WHERE code = ${DEMO_MERCHANT_CODE}) AS merchants,
      (SELECT count(*) FROM payment_methods WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS payment_methods,
      (SELECT count(*) FROM withdrawal_settings WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS withdrawal_settings,
      (SELECT count(*) FROM transfer_settings WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS transfer_settings,
      (SELECT count(*) FROM vendor_wallets WHERE merchant_code = ${DEMO_MERCHANT_CODE} AND code = ${DEMO_VENDOR_WALLET_CODE}) AS vendor_wallets,
      (SELECT count(*) FROM affiliate_codes WHERE merchant_code = ${DEMO_MERCHANT_CODE} AND code = ${DEMO_AFFILIATE_CODE}) AS affiliate_codes,
      (SELECT count(*) FROM members WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS members,
      (SELECT count(*) FROM games WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS games,
      (SELECT count(*) FROM lottery_games WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS lottery_games,
      (SELECT count(*) FROM content_banners WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS banners,
      (SELECT count(*) FROM operators WHERE merchant_code = ${DEMO_MERCHANT_CODE}) AS operators
  `.execute(database.db);
  // Counts arrive as bigint; the expectations below spell them as decimal strings.
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([key, n]) => [key, String(n)]));
}

describe('the demo seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('gives the demo merchant what each module seeds, and a second run adds nothing', async () => {
    const first = await demoRowCounts(database);
    expect(first).toMatchObject({
      merchants: '1',
      payment_methods: '2',
      withdrawal_settings: '1',
      transfer_settings: '1',
      vendor_wallets: '1',
      affiliate_codes: '1',
      members: '1',
      operators: '0',
    });
    expect(Number(first?.games)).toBeGreaterThan(0);
    expect(Number(first?.lottery_games)).toBeGreaterThan(0);
    expect(Number(first?.banners)).toBeGreaterThan(0);

    expect(await seedDemoMerchant(database.db)).toBe(false);
    expect(await demoRowCounts(database)).toEqual(first);
  });

  it('adds the demo operator once', async () => {
    await seedDemoOperator(database.db, 'hash-one');
    await seedDemoOperator(database.db, 'hash-two');
    const operators = await database.db
      .selectFrom('operators')
      .select(['username', 'password_hash', 'role'])
      .where('merchant_code', '=', DEMO_MERCHANT_CODE)
      .execute();
    expect(operators).toEqual([{ username: 'operator', password_hash: 'hash-one', role: 'admin' }]);
  });
});
