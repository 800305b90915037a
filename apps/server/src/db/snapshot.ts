import type { Db } from './database.js';

/**
 * Runs `read` in one read-only REPEATABLE READ transaction: every statement sees the same
 * committed state. Readers that combine a consumer's rollups with raw rows use it, so a batch
 * committing between two statements can neither drop nor double a row.
 */
export function readInOneSnapshot<T>(db: Db, read: (trx: Db) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(read);
}
