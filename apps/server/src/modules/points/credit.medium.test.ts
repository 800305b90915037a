import { describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { insertMembers } from '../../../test/ledger-fixtures.js';
import { useTestApp } from '../../../test/test-app.js';
import { createLedgerService } from '../ledger/index.js';
import { creditPointsWithin, POINTS_CURRENCY } from './index.js';

const context = useTestApp();

describe('creditPointsWithin', () => {
  it('credits points once per idempotency key, in the caller transaction, and the ledger stays balanced', async () => {
    const db = context.database.db;
    const [memberId] = await insertMembers(db, 1, 'pointsa');
    const input = {
      merchantCode: BASE_MERCHANT_CODE,
      memberId: Number(memberId),
      points: 25n,
      reason: 'mission' as const,
      remark: 'Daily mission',
      idempotencyKey: 'mission:1:daily',
    };
    const first = await db.transaction().execute((trx) => creditPointsWithin(trx, input));
    const second = await db.transaction().execute((trx) => creditPointsWithin(trx, input));
    expect(first).toEqual({ replayed: false });
    expect(second).toEqual({ replayed: true });

    // A rolled-back caller leaves nothing behind.
    await expect(
      db.transaction().execute(async (trx) => {
        await creditPointsWithin(trx, { ...input, idempotencyKey: 'mission:2:daily' });
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');

    const ledger = createLedgerService(db);
    const balances = await ledger.memberAvailableBalances(memberId as bigint);
    expect(balances.find((b) => b.asset === 'points')).toMatchObject({
      currency: POINTS_CURRENCY,
      availableMinor: 25n,
    });
    expect(await ledger.reconcile()).toEqual([]);
  });
});
