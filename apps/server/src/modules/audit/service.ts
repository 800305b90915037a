import { type PageTotals, pageReply } from '@app/contract';
import type { Db } from '../../db/database.js';
import {
  type AuditEntry,
  type AuditEntryQuery,
  type AuditLogRow,
  type AuditRecord,
  createAuditRepository,
} from './repository.js';

/** The append-only record of operator actions (who, what, when, before and after). */
export interface AuditService {
  /** Appends one entry on its own. */
  record(entry: AuditEntry): Promise<void>;
  /**
   * Appends an entry in a database transaction the caller opened: the action and its entry
   * commit together or not at all.
   */
  recordWithin(executor: Db, entry: AuditEntry): Promise<void>;
  /**
   * The first entry of an action on a subject whose `after` holds `query.after` (how an
   * idempotent operator action replays its first answer); in the caller's transaction when
   * `executor` is given.
   */
  findEntry(query: AuditEntryQuery, executor?: Db): Promise<AuditRecord | undefined>;
  /** Ledger transfers of `transferCode` that no entry of `action` records (a reconciliation break). */
  transfersWithoutEntry(transferCode: string, action: string): Promise<string[]>;
  /** One page of a merchant's audit log, newest first. */
  page(
    merchantCode: string,
    pageNo: number,
    pageSize: number,
  ): Promise<{ list: AuditLogRow[] } & PageTotals>;
}

/** The audit service on its own repository over `db`. */
export function createAuditService(db: Db): AuditService {
  const repository = createAuditRepository(db);
  return {
    record(entry) {
      return repository.append(entry);
    },
    recordWithin(executor, entry) {
      return repository.within(executor).append(entry);
    },
    findEntry(query, executor) {
      return (executor ? repository.within(executor) : repository).findEntry(query);
    },
    transfersWithoutEntry(transferCode, action) {
      return repository.transfersWithoutEntry(transferCode, action);
    },
    async page(merchantCode, pageNo, pageSize) {
      const { rows, totalCount } = await repository.page(merchantCode, pageNo, pageSize);
      return pageReply(rows, totalCount, pageSize);
    },
  };
}
