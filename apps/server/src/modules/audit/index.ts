export { type AuditEntry, createAuditRepository } from './repository.js';
export { type AuditService, createAuditService } from './service.js';
