import type { Db } from '../../db/database.js';
import type { ReconciliationStatus } from './reconciliation.repository.js';
import type {
  DepositTurnover,
  LedgerAccount,
  LedgerAsset,
  LedgerTransfer,
  MemberAvailableBalance,
  MemberEntriesQuery,
  MemberEntry,
  ReconciliationBreak,
} from './types.js';

/** The ledger's public surface: its service interface and the inputs of its calls. */

/** A module's own reconciliation: the breaks it finds between its rows and the ledger. */
export type BreakCheck = () => Promise<ReconciliationBreak[]>;

export interface TransferInput {
  /** The idempotency key: the same id again is the same transfer, replayed. */
  id: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amountMinor: bigint;
  code: string;
  reference?: string;
  /** Hold the funds on the debit account instead of moving them; post or void later. */
  pending?: { expiresAt?: Date };
}

export interface TransferResult {
  transfer: LedgerTransfer;
  /** True when this id had already been carried out: nothing moved this time. */
  replayed: boolean;
}

/** A posted transfer's input (no hold). */
export type PostedTransferInput = Omit<TransferInput, 'pending'>;

/** Which pending transfer to post, under which id, and how much of it (all by default). */
export interface PostPendingInput {
  id: string;
  pendingId: string;
  amountMinor?: bigint;
}

/** Which pending transfer to void, under which id. */
export interface VoidPendingInput {
  id: string;
  pendingId: string;
}

/**
 * The double-entry ledger: the only writer of ledger tables. Every balance change is a transfer
 * between two accounts, idempotent by its id; holds are pending transfers posted or voided once.
 */
export interface LedgerService {
  /** A member's account of an asset (made on first use): the main wallet unless `wallet` names a vendor's. */
  memberAccount(input: {
    merchantCode: string;
    memberId: bigint;
    asset: LedgerAsset;
    currency: string;
    wallet?: string;
  }): Promise<bigint>;
  /** A system account (made on first use); `shardKey` spreads a busy account over several rows. */
  systemAccount(input: {
    merchantCode: string;
    code: string;
    asset: LedgerAsset;
    currency: string;
    shardKey?: string;
  }): Promise<bigint>;
  /** The account of each of these members (made on first use), by member id. */
  memberAccounts(input: {
    merchantCode: string;
    memberIds: readonly bigint[];
    asset: LedgerAsset;
    currency: string;
    wallet?: string;
  }): Promise<Map<bigint, bigint>>;
  /** `systemAccount` for many shard keys at once, by shard key (one lookup per shard used). */
  systemAccountsByShardKey(input: {
    merchantCode: string;
    code: string;
    asset: LedgerAsset;
    currency: string;
    shardKeys: readonly string[];
  }): Promise<Map<string, bigint>>;
  /** Moves money (batched) or, with `pending`, holds it; the same id again replays. */
  transfer(input: TransferInput): Promise<TransferResult>;
  /** A posted transfer in a database transaction the caller opened; same idempotency. */
  transferWithin(executor: Db, input: PostedTransferInput): Promise<TransferResult>;
  /** Many posted transfers in the caller's transaction, one statement; answers which were replayed. */
  transferBatchWithin(executor: Db, inputs: readonly PostedTransferInput[]): Promise<boolean[]>;
  /**
   * Many posted transfers in the caller's transaction as one set (TRANSFER_SET_MAX_SIZE at
   * most), a fixed number of statements; same idempotency per id; answers which were replayed.
   */
  transferSetWithin(executor: Db, inputs: readonly PostedTransferInput[]): Promise<boolean[]>;
  /** An account's available balance (posted less held), read in the caller's transaction. */
  availableWithin(executor: Db, accountId: bigint): Promise<bigint>;
  /** A hold made in a database transaction the caller opened; same idempotency as `transfer`. */
  holdWithin(
    executor: Db,
    input: PostedTransferInput & { pending?: { expiresAt?: Date } },
  ): Promise<TransferResult>;
  /** `postPending` in a database transaction the caller opened. */
  postPendingWithin(executor: Db, input: PostPendingInput): Promise<TransferResult>;
  /** `voidPending` in a database transaction the caller opened. */
  voidPendingWithin(executor: Db, input: VoidPendingInput): Promise<TransferResult>;
  /** Posts a pending transfer, all of it or `amountMinor` of it; the rest of the hold is released. */
  postPending(input: PostPendingInput): Promise<TransferResult>;
  /** Releases a pending transfer's hold; nothing moves. */
  voidPending(input: VoidPendingInput): Promise<TransferResult>;
  /** Voids pending transfers past their expiry; answers how many. */
  expirePending(now?: Date): Promise<number>;
  /** A page of a member's entries (statement), newest first, with the filtered count. */
  memberEntries(query: MemberEntriesQuery): Promise<{ rows: MemberEntry[]; totalCount: number }>;
  /** Each account of a member with what is available in it (posted less held). */
  memberAvailableBalances(memberId: bigint): Promise<MemberAvailableBalance[]>;
  /** Available main-wallet cash of each of these members that has an account (team lists). */
  membersMainCashAvailable(memberIds: readonly bigint[]): Promise<Map<bigint, bigint>>;
  /** The accounts of these ids (missing ids are left out). */
  findAccounts(ids: readonly bigint[]): Promise<LedgerAccount[]>;
  /** The amount of each transfer of these ids that exists (a reconciliation reads others' ids). */
  transferAmounts(ids: readonly string[]): Promise<Map<string, bigint>>;
  /** The transfer of this id, if any. */
  findTransfer(id: string): Promise<LedgerTransfer | undefined>;
  /** The last deposit into an account and the valid bets since (the withdrawal turnover). */
  turnoverSinceLastDeposit(accountId: bigint): Promise<DepositTurnover | undefined>;
  /** Adds another module's reconciliation check to `reconcile` (services.ts registers them). */
  addBreakCheck(check: BreakCheck): void;
  /** Every broken invariant, the ledger's and the registered checks'; the job expects none. */
  reconcile(): Promise<ReconciliationBreak[]>;
  /** Keeps the outcome of a reconciliation run, so that every instance reports the same. */
  recordReconciliation(status: ReconciliationStatus): Promise<void>;
  /** The last recorded run (`/metrics`); none before the job first ran. */
  lastReconciliation(): Promise<ReconciliationStatus | undefined>;
}
