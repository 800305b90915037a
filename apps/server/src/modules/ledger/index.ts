export {
  type BreakCheck,
  createLedgerService,
  HOUSE_ACCOUNT_SHARDS,
  type LedgerService,
  type PostedTransferInput,
  type PostPendingInput,
  type TransferInput,
  type TransferResult,
} from './service.js';
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
