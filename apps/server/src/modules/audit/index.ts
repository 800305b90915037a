export { type AuditEntry, type AuditRecord, createAuditRepository } from './repository.js';
export { type AuditService, createAuditService } from './service.js';
