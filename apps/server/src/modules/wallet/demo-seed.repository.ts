import type { Db } from '../../db/database.js';

/** The demo's one transfer-wallet vendor (min 1,000.00, max 100,000,000.00 per transfer). */
export const DEMO_VENDOR_WALLET_CODE = 'DEMOVENDOR';

/** One vendor that keeps its own balance, so the demo shows transfer wallets. Idempotent. */
export async function seedDemoVendorWallet(db: Db, merchantCode: string): Promise<void> {
  await db
    .insertInto('vendor_wallets')
    .values({
      merchant_code: merchantCode,
      code: DEMO_VENDOR_WALLET_CODE,
      name: 'Demo vendor wallet',
      min_transfer_minor: '100000',
      max_transfer_minor: '10000000000',
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'code']).doNothing())
    .execute();
}
