import type { Generated } from 'kysely';
import type {
  BalanceColumn,
  BigIntColumn,
  ChildMerchantCode,
  CreatedAt,
  IdColumn,
} from './column-types.js';

/** The ledger (written by the ledger module only) and vendor transfer wallets. */

export interface LedgerAccountsTable {
  id: IdColumn;
  merchant_code: string;
  currency: string;
  asset: LedgerAsset;
  owner_kind: 'member' | 'system';
  member_id: BigIntColumn | null;
  code: string | null;
  shard: Generated<number>;
  /** 'main', or the code of a vendor transfer wallet (member accounts). */
  wallet: Generated<string>;
  balance_minor: BalanceColumn;
  held_minor: BalanceColumn;
  created_at: CreatedAt;
}

export type LedgerAsset = 'cash' | 'bonus' | 'points';
export type LedgerTransferKind = 'single' | 'pending' | 'post_pending' | 'void_pending';
export type LedgerTransferStatus = 'posted' | 'pending' | 'voided' | 'expired' | 'completed';

export interface LedgerTransfersTable {
  id: string;
  merchant_code: string;
  debit_account_id: BigIntColumn;
  credit_account_id: BigIntColumn;
  amount_minor: BigIntColumn;
  code: string;
  reference: string;
  kind: LedgerTransferKind;
  status: LedgerTransferStatus;
  pending_id: string | null;
  posted_amount_minor: BigIntColumn | null;
  expires_at: Date | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
}

export interface LedgerEntriesTable {
  merchant_code: ChildMerchantCode;
  id: IdColumn;
  transfer_id: string;
  account_id: BigIntColumn;
  amount_minor: BigIntColumn;
  balance_after_minor: BigIntColumn;
  created_at: CreatedAt;
}

export interface VendorWalletsTable {
  merchant_code: string;
  code: string;
  name: string;
  min_transfer_minor: BigIntColumn;
  max_transfer_minor: BigIntColumn;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

/** The last reconciliation's outcome: one row (id 1) for the whole platform. */
export interface LedgerReconciliationStatusTable {
  id: number;
  ok: boolean;
  break_count: number;
  ran_at: Date;
}

/** What archived months of an account's entries summed to (issue 23's time partitions). */
export interface LedgerArchivedTotalsTable {
  merchant_code: string;
  account_id: bigint;
  total_minor: bigint;
  archived_before: Date;
}
