import { pageReply } from '@app/contract';
import type { Db } from '../../db/database.js';
import type { AuditEntry, AuditRepository } from './repository.js';

/** The append-only record of operator actions (who, what, when, before and after). */
export function createAuditService(repository: AuditRepository) {
  return {
    record(entry: AuditEntry): Promise<void> {
      return repository.append(entry);
    },
    /**
     * Records an entry in a database transaction the caller opened: the action and its entry
     * commit together or not at all.
     */
    recordWithin(executor: Db, entry: AuditEntry): Promise<void> {
      return repository.within(executor).append(entry);
    },
    /** See the repository's `findEntry`; in the caller's transaction when `executor` is given. */
    findEntry(query: Parameters<AuditRepository['findEntry']>[0], executor?: Db) {
      return (executor ? repository.within(executor) : repository).findEntry(query);
    },
    transfersWithoutEntry(transferCode: string, action: string) {
      return repository.transfersWithoutEntry(transferCode, action);
    },
    async page(merchantCode: string, pageNo: number, pageSize: number) {
      const { rows, totalCount } = await repository.page(merchantCode, pageNo, pageSize);
      return pageReply(rows, totalCount, pageSize);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
