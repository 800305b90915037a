export { createLedgerRepository } from './repository.js';
export { createLedgerService, type LedgerService } from './service.js';
