/** The batcher the ledger sends concurrent bets with (the built-in games batch rounds with it). */
export { createBatcher } from './batcher.js';
export {
  LEDGER_ENTRIES_RETENTION_MONTHS,
  maintainLedgerPartitions,
  type PartitionMaintenance,
} from './partitions.repository.js';
export type { ReconciliationStatus } from './reconciliation.repository.js';
export { createLedgerService, HOUSE_ACCOUNT_SHARDS } from './service.js';
export type {
  BreakCheck,
  LedgerService,
  PostedTransferInput,
  PostPendingInput,
  TransferInput,
  TransferResult,
} from './service-interface.js';
export type {
  DepositTurnover,
  LedgerAccount,
  LedgerAsset,
  LedgerBreak,
  LedgerTransfer,
  MemberAvailableBalance,
  MemberEntriesQuery,
  MemberEntry,
  ReconciliationBreak,
} from './types.js';
