import type { Db } from '../../db/database.js';

/** The demo's one transfer-wallet vendor (min 1,000.00, max 100,000,000.00 per transfer). */
export const DEMO_VENDOR_WALLET_CODE = 'DEMOVENDOR';

/** A vendor wallet as a seed writes it (limits per transfer, minor units). */
export interface VendorWalletSeed {
  merchantCode: string;
  code: string;
  name: string;
  minTransferMinor: bigint;
  maxTransferMinor: bigint;
}

/** A vendor wallet of a merchant; an existing one is left alone. */
export async function seedVendorWallet(db: Db, seed: VendorWalletSeed): Promise<void> {
  await db
    .insertInto('vendor_wallets')
    .values({
      merchant_code: seed.merchantCode,
      code: seed.code,
      name: seed.name,
      min_transfer_minor: seed.minTransferMinor.toString(),
      max_transfer_minor: seed.maxTransferMinor.toString(),
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'code']).doNothing())
    .execute();
}

/** One vendor that keeps its own balance, so the demo shows transfer wallets. Idempotent. */
export async function seedDemoVendorWallet(db: Db, merchantCode: string): Promise<void> {
  await seedVendorWallet(db, {
    merchantCode,
    code: DEMO_VENDOR_WALLET_CODE,
    name: 'Demo vendor wallet',
    minTransferMinor: 100_000n,
    maxTransferMinor: 10_000_000_000n,
  });
}
