export type { AuditEntry, AuditEntryQuery, AuditLogRow, AuditRecord } from './repository.js';
export { type AuditService, createAuditService } from './service.js';
