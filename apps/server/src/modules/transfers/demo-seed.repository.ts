import type { Db } from '../../db/database.js';

/** The demo's limits of transfers between members. Idempotent. */
export async function seedDemoTransferSettings(db: Db, merchantCode: string): Promise<void> {
  await db
    .insertInto('transfer_settings')
    .values({
      merchant_code: merchantCode,
      min_amount_minor: '1000000',
      max_amount_minor: '5000000000',
      daily_max_minor: '20000000000',
    })
    .onConflict((conflict) => conflict.column('merchant_code').doNothing())
    .execute();
}
