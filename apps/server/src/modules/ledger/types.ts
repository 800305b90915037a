import type { LedgerAsset, LedgerTransferKind, LedgerTransferStatus } from '../../db/types.js';

export type { LedgerAsset, LedgerTransferKind, LedgerTransferStatus };

export interface LedgerAccount {
  id: bigint;
  merchantCode: string;
  currency: string;
  asset: LedgerAsset;
  ownerKind: 'member' | 'system';
  memberId: bigint | null;
  code: string | null;
  balanceMinor: bigint;
  heldMinor: bigint;
}

export interface LedgerTransfer {
  id: string;
  merchantCode: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amountMinor: bigint;
  code: string;
  reference: string;
  kind: LedgerTransferKind;
  status: LedgerTransferStatus;
  pendingId: string | null;
  postedAmountMinor: bigint | null;
  expiresAt: Date | null;
  createdAt: Date;
}

/** What makes two requests with one transfer id the same request. */
export type TransferIdentity = Pick<
  LedgerTransfer,
  'debitAccountId' | 'creditAccountId' | 'amountMinor' | 'code' | 'reference' | 'kind' | 'pendingId'
>;

export interface LedgerEntry {
  transferId: string;
  /** The accounts' merchant: every entry carries it (docs/scaling-past-one-database.md). */
  merchantCode: string;
  accountId: bigint;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
}

/** A broken invariant, as the reconciliation reports it. */
export interface LedgerBreak {
  invariant:
    | 'asset-sums-to-zero'
    | 'balance-equals-entries'
    | 'held-equals-open-pending'
    | 'transfer-balances';
  subject: string;
  detail: string;
}

/**
 * A break found by reconciliation: a ledger invariant, or a business one a module registered
 * (`withdrawal-hold-without-withdrawal`, `adjustment-without-audit`, ...).
 */
export interface ReconciliationBreak {
  invariant: string;
  subject: string;
  detail: string;
}

/** Which of a member's entries a statement (account record, bonus details) wants. */
export interface MemberEntriesQuery {
  memberId: bigint;
  from: Date;
  /** Exclusive. */
  to: Date;
  asset?: LedgerAsset;
  /** Assets left out (the account record leaves out points, which are not money). */
  excludeAssets?: readonly LedgerAsset[];
  code?: string;
  limit: number;
  offset: number;
}

/** One line of a member's statement: an entry of one of the member's accounts. */
export interface MemberEntry {
  entryId: bigint;
  createdAt: Date;
  /** Signed: positive into the account. */
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  code: string;
  reference: string;
  asset: LedgerAsset;
  wallet: string;
  currency: string;
}

/** What is available (posted less held) in one of a member's accounts. */
export interface MemberAvailableBalance {
  asset: LedgerAsset;
  currency: string;
  wallet: string;
  availableMinor: bigint;
}

/** The last deposit into an account and the bets it has paid since (withdrawal turnover). */
export interface DepositTurnover {
  depositMinor: bigint;
  depositedAt: Date;
  betsMinor: bigint;
}
