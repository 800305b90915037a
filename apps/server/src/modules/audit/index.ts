export { AUDIT_GENESIS_HASH, auditEntryHash, canonicalJson } from './chain.js';
export { maintainAuditPartitions } from './partitions.js';
export type {
  AuditEntry,
  AuditEntryQuery,
  AuditLogRow,
  AuditRecord,
  AuditSearch,
} from './repository.js';
export {
  AUDIT_VERIFY_BATCH_SIZE,
  type AuditChainReport,
  type AuditService,
  createAuditService,
} from './service.js';
