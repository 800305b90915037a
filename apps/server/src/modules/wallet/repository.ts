import type { Db } from '../../db/database.js';

export interface VendorWalletConfig {
  code: string;
  name: string;
  minTransferMinor: bigint;
  maxTransferMinor: bigint;
  enabled: boolean;
}

/** The `vendor_wallets` table: which game vendors keep their own balance, per merchant. */
export function createWalletRepository(db: Db) {
  return {
    /** Every vendor wallet of the merchant, disabled ones too (money may still be in them). */
    async vendorWallets(merchantCode: string): Promise<VendorWalletConfig[]> {
      const rows = await db
        .selectFrom('vendor_wallets')
        .select(['code', 'name', 'min_transfer_minor', 'max_transfer_minor', 'enabled'])
        .where('merchant_code', '=', merchantCode)
        .orderBy('sort_order')
        .orderBy('code')
        .execute();
      return rows.map((row) => ({
        code: row.code,
        name: row.name,
        minTransferMinor: row.min_transfer_minor,
        maxTransferMinor: row.max_transfer_minor,
        enabled: row.enabled,
      }));
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
