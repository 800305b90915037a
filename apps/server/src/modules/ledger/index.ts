export { createLedgerRepository } from './repository.js';
export {
  type BreakCheck,
  createLedgerService,
  HOUSE_ACCOUNT_SHARDS,
  type LedgerService,
  type TransferInput,
  type TransferResult,
} from './service.js';
export type {
  LedgerAccount,
  LedgerAsset,
  LedgerBreak,
  LedgerTransfer,
  MemberEntriesQuery,
  MemberEntry,
  ReconciliationBreak,
} from './types.js';
