import type { Db } from '../../db/database.js';

/** A merchant's limits of transfers between members (minor units). */
export interface TransferSettingsSeed {
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  dailyMaxMinor: bigint;
}

/** A merchant's member transfer limits; existing ones are left alone. */
export async function seedTransferSettings(
  db: Db,
  merchantCode: string,
  seed: TransferSettingsSeed,
): Promise<void> {
  await db
    .insertInto('transfer_settings')
    .values({
      merchant_code: merchantCode,
      min_amount_minor: seed.minAmountMinor.toString(),
      max_amount_minor: seed.maxAmountMinor.toString(),
      daily_max_minor: seed.dailyMaxMinor.toString(),
    })
    .onConflict((conflict) => conflict.column('merchant_code').doNothing())
    .execute();
}

/** The demo's limits of transfers between members. Idempotent. */
export async function seedDemoTransferSettings(db: Db, merchantCode: string): Promise<void> {
  await seedTransferSettings(db, merchantCode, {
    minAmountMinor: 1_000_000n,
    maxAmountMinor: 5_000_000_000n,
    dailyMaxMinor: 20_000_000_000n,
  });
}
