import type { CursorPage } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AUDIT_GENESIS_HASH, auditEntryHash } from './chain.js';
import {
  type AuditEntry,
  type AuditEntryQuery,
  type AuditLogRow,
  type AuditRecord,
  type AuditSearch,
  type ChainedRow,
  createAuditRepository,
} from './repository.js';

/** Entries the chain check reads per query: bounded memory whatever the log's length. */
export const AUDIT_VERIFY_BATCH_SIZE = 1000;

/** What the chain check found: the first entry that does not hold, if any. */
export interface AuditChainReport {
  valid: boolean;
  checkedCount: number;
  firstBrokenId: string | null;
}

/** The append-only record of operator actions (who, what, when, before and after). */
export interface AuditService {
  /** Appends one entry on its own (its own short transaction, for the chain's lock). */
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
  /** A page of a merchant's audit log, newest first, filtered; keyset paged. */
  search(query: AuditSearch): Promise<CursorPage<AuditLogRow>>;
  /** One page of a merchant's audit log by number, newest first (tests and scripts). */
  page(merchantCode: string, pageNo: number, pageSize: number): Promise<{ list: AuditLogRow[] }>;
  /** Walks the merchant's hash chain up to its head and names the first entry that breaks it. */
  verify(merchantCode: string): Promise<AuditChainReport>;
}

/** Does `row` hold: linked to the hash before it, and its own hash recomputed from its fields? */
function rowHolds(row: ChainedRow, expectedPrevHash: Buffer): boolean {
  if (!row.prevHash || !row.rowHash || !row.prevHash.equals(expectedPrevHash)) return false;
  return auditEntryHash(row.prevHash, row).equals(row.rowHash);
}

/** The audit service on its own repository over `db`. */
export function createAuditService(db: Db): AuditService {
  const repository = createAuditRepository(db);

  function appendWithin(executor: Db, entry: AuditEntry): Promise<void> {
    // An operator's entry without the operator's name and role would leave a reader of the
    // log unable to tell what that person was allowed to do when they acted.
    if (entry.operatorId !== null && (!entry.operatorRole || !entry.operatorUsername)) {
      throw new Error(`audit entry ${entry.action} by operator ${entry.operatorId} lacks the role`);
    }
    return repository.within(executor).appendChained(entry, new Date());
  }

  return {
    record(entry) {
      return db.transaction().execute((trx) => appendWithin(trx, entry));
    },
    recordWithin(executor, entry) {
      if (executor.isTransaction) return appendWithin(executor, entry);
      return executor.transaction().execute((trx) => appendWithin(trx, entry));
    },
    findEntry(query, executor) {
      return (executor ? repository.within(executor) : repository).findEntry(query);
    },
    transfersWithoutEntry(transferCode, action) {
      return repository.transfersWithoutEntry(transferCode, action);
    },
    search(query) {
      return repository.search(query);
    },
    async page(merchantCode, pageNo, pageSize) {
      return { list: await repository.page(merchantCode, pageNo, pageSize) };
    },
    async verify(merchantCode) {
      const head = await repository.chainHead(merchantCode);
      if (!head?.lastId || !head.lastHash) {
        return { valid: true, checkedCount: 0, firstBrokenId: null };
      }
      // Entries written before the chain existed have no hash: they come first and are skipped;
      // once the chain has started, an entry without a hash is a break like any other.
      let expectedPrev: Buffer | null = null;
      let lastId = '0';
      let checkedCount = 0;
      for (;;) {
        const batch = await repository.chainBatch(
          merchantCode,
          lastId,
          head.lastId,
          AUDIT_VERIFY_BATCH_SIZE,
        );
        for (const row of batch) {
          if (expectedPrev === null && row.rowHash === null) continue;
          if (!rowHolds(row, expectedPrev ?? AUDIT_GENESIS_HASH)) {
            return { valid: false, checkedCount, firstBrokenId: row.id };
          }
          expectedPrev = row.rowHash;
          checkedCount += 1;
        }
        const last = batch[batch.length - 1];
        if (!last || batch.length < AUDIT_VERIFY_BATCH_SIZE) break;
        lastId = last.id;
      }
      // The head names the last entry: if the walk did not end on it, the tail was cut.
      if (!expectedPrev?.equals(head.lastHash)) {
        return { valid: false, checkedCount, firstBrokenId: head.lastId };
      }
      return { valid: true, checkedCount, firstBrokenId: null };
    },
  };
}
