import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  addMonthsUtc,
  detachToArchive,
  ensureMonthlyPartitions,
  partitionMonth,
  partitionsPastRetention,
  type TimePartitionPolicy,
} from '../../db/time-partitions.js';

/**
 * Ledger entries are kept attached for seven years, the longest record-keeping term operators
 * commonly face; older months move to the archive schema with their sums carried forward.
 */
export const LEDGER_ENTRIES_RETENTION_MONTHS = 84;

export const ledgerEntriesPartitionPolicy: TimePartitionPolicy = {
  table: 'ledger_entries',
  column: 'created_at',
  retentionMonths: LEDGER_ENTRIES_RETENTION_MONTHS,
};

/** What one maintenance run did to a table's partitions. */
export interface PartitionMaintenance {
  table: string;
  created: string[];
  archived: string[];
  /** Partitions past retention kept because rows in them are still live (open bets, rounds). */
  kept: string[];
}

/**
 * Creates the coming months' partitions and archives those past retention. An archived month's
 * entries are summed per account into `ledger_archived_totals` in the same transaction as the
 * detach, so that "balance equals the sum of entries" still holds; entries are append-only and
 * stamped with the time they were written, so a month long past gains no rows while it is summed.
 */
export async function maintainLedgerPartitions(
  db: Db,
  now: Date,
  policy: TimePartitionPolicy = ledgerEntriesPartitionPolicy,
): Promise<PartitionMaintenance> {
  const created = await ensureMonthlyPartitions(db, policy.table, policy.column, now);
  const archived: string[] = [];
  for (const partition of await partitionsPastRetention(db, policy, now)) {
    const month = partitionMonth(partition);
    if (!month) continue;
    const archivedBefore = addMonthsUtc(month, 1);
    await db.transaction().execute(async (trx) => {
      await sql`
        INSERT INTO ledger_archived_totals (account_id, merchant_code, total_minor, archived_before)
        SELECT e.account_id, a.merchant_code, sum(e.amount_minor), ${archivedBefore}
        FROM ${sql.table(partition)} e JOIN ledger_accounts a ON a.id = e.account_id
        GROUP BY e.account_id, a.merchant_code
        ON CONFLICT (account_id) DO UPDATE SET
          total_minor = ledger_archived_totals.total_minor + excluded.total_minor,
          archived_before = greatest(ledger_archived_totals.archived_before, excluded.archived_before)
      `.execute(trx);
      await detachToArchive(trx, policy.table, partition);
    });
    archived.push(partition);
  }
  return { table: policy.table, created, archived, kept: [] };
}
