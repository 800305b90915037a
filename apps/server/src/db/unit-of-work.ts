import type { Db } from './database.js';

/**
 * Runs `work` in one database transaction and hands it the transaction's executor. A service
 * whose step spans modules (a withdrawal's row and its ledger hold, an adjustment and its audit
 * entry) opens one and passes the executor to each module's `...Within` function; each module
 * still writes only its own tables, through its own repository, on that executor.
 */
export type UnitOfWork = <T>(work: (executor: Db) => Promise<T>) => Promise<T>;

export function createUnitOfWork(db: Db): UnitOfWork {
  return (work) => db.transaction().execute((trx) => work(trx));
}
