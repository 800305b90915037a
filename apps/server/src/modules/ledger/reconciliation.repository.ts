import type { Db } from '../../db/database.js';

/** The outcome of one reconciliation run, as `/metrics` reports it. */
export interface ReconciliationStatus {
  ok: boolean;
  breakCount: number;
  ranAt: Date;
}

const STATUS_ROW_ID = 1;

/** The one row of `ledger_reconciliation_status`: written by the job, read by `/metrics`. */
export function createReconciliationStatusRepository(db: Db) {
  return {
    async save(status: ReconciliationStatus): Promise<void> {
      const row = { ok: status.ok, break_count: status.breakCount, ran_at: status.ranAt };
      await db
        .insertInto('ledger_reconciliation_status')
        .values({ id: STATUS_ROW_ID, ...row })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
        .execute();
    },

    async find(): Promise<ReconciliationStatus | undefined> {
      const row = await db
        .selectFrom('ledger_reconciliation_status')
        .select(['ok', 'break_count', 'ran_at'])
        .where('id', '=', STATUS_ROW_ID)
        .executeTakeFirst();
      return row && { ok: row.ok, breakCount: row.break_count, ranAt: row.ran_at };
    },
  };
}
