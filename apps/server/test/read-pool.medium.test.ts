import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/services.js';
import { BASE_CURRENCY, BASE_MERCHANT_CODE } from './fixtures/base-merchant.js';
import { insertMembers } from './ledger-fixtures.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const STAKE_MINOR = 100_000n;
const DEPOSIT_MINOR = 500_000n;
const HOUR_MS = 60 * 60 * 1000;

/**
 * DATABASE_READ_URL: the reports and long lists read the read pool, everything else the primary.
 * The "replica" here is a second database of the same schema that lacks the fresh rows (a
 * replica that has not caught up yet): what the read paths answer shows which pool they used.
 */
describe('the read pool (DATABASE_READ_URL)', () => {
  let primary: TestDatabase;
  let replica: TestDatabase;
  let memberId: bigint;

  beforeAll(async () => {
    [primary, replica] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    [memberId] = (await insertMembers(primary.db, 1, 'readpool')) as [bigint];
    await sql`
      INSERT INTO game_rounds (merchant_code, member_id, vassalage, game_type, round_ref, currency,
        stake_minor, win_minor, status, settled_at)
      VALUES (${BASE_MERCHANT_CODE}, ${memberId.toString()}, 'TCG_ELOTT', 'ELOTT', 'read-pool-1',
        ${BASE_CURRENCY}, ${STAKE_MINOR.toString()}, 0, 'settled', now())
    `.execute(primary.db);
    await sql`
      INSERT INTO deposits (id, merchant_code, member_id, method_code, amount_minor, currency,
        status, resolved_at)
      SELECT gen_random_uuid(), ${BASE_MERCHANT_CODE}, ${memberId.toString()}, code,
        ${DEPOSIT_MINOR.toString()}, ${BASE_CURRENCY}, 'completed', now()
      FROM payment_methods WHERE merchant_code = ${BASE_MERCHANT_CODE} LIMIT 1
    `.execute(primary.db);
  });

  afterAll(async () => {
    await Promise.all([primary?.drop(), replica?.drop()]);
  });

  const viewer = () => ({
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    language: 'en',
    fallbackLanguage: 'en',
  });
  const today = () => ({
    merchantCode: BASE_MERCHANT_CODE,
    currency: BASE_CURRENCY,
    fromMs: Date.now() - HOUR_MS,
    toMs: Date.now() + HOUR_MS,
  });

  it('reads betting records and the dashboard from the read pool, the balance from the primary', async () => {
    const split = createServices(primary.db, { readDb: replica.db });
    expect((await split.gameRecords.lastRound(viewer())).round).toBeNull();
    expect((await split.adminConsole.dashboard(today())).totals.deposits).toBe(0);
    // The member's own money stays on the primary: the account made there is found there.
    const account = await split.ledger.memberAccount({
      merchantCode: BASE_MERCHANT_CODE,
      memberId,
      asset: 'cash',
      currency: BASE_CURRENCY,
    });
    expect((await split.ledger.memberAvailableBalances(memberId)).length).toBe(1);
    expect(account).toBeGreaterThan(0n);
  });

  it('reads everything from the primary when no read pool is given', async () => {
    const single = createServices(primary.db);
    expect((await single.gameRecords.lastRound(viewer())).round?.roundRef).toBe('read-pool-1');
    expect((await single.adminConsole.dashboard(today())).totals.deposits).toBe(
      Number(DEPOSIT_MINOR) / 100,
    );
  });
});
