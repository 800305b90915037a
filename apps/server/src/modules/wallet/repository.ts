import type { Db } from '../../db/database.js';

export interface VendorWalletConfig {
  code: string;
  name: string;
  minTransferMinor: bigint;
  maxTransferMinor: bigint;
}

/** The `vendor_wallets` table: which game vendors keep their own balance, per merchant. */
export function createWalletRepository(db: Db) {
  return {
    async enabledVendorWallets(merchantCode: string): Promise<VendorWalletConfig[]> {
      const rows = await db
        .selectFrom('vendor_wallets')
        .select(['code', 'name', 'min_transfer_minor', 'max_transfer_minor'])
        .where('merchant_code', '=', merchantCode)
        .where('enabled', '=', true)
        .orderBy('sort_order')
        .orderBy('code')
        .execute();
      return rows.map((row) => ({
        code: row.code,
        name: row.name,
        minTransferMinor: BigInt(row.min_transfer_minor),
        maxTransferMinor: BigInt(row.max_transfer_minor),
      }));
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
