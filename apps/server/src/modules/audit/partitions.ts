import type { Db } from '../../db/database.js';
import { ensureMonthlyPartitions, type TimePartitionPolicy } from '../../db/time-partitions.js';

/**
 * The audit log is partitioned by month but never archived by the job: its hash chain is verified
 * from the first entry, so an archive would need the chain's anchor carried forward first.
 */
export const auditLogPartitionPolicy: TimePartitionPolicy = {
  table: 'audit_log',
  column: 'created_at',
  retentionMonths: null,
};

export async function maintainAuditPartitions(
  db: Db,
  now: Date,
): Promise<{ table: string; created: string[]; archived: string[]; kept: string[] }> {
  const created = await ensureMonthlyPartitions(
    db,
    auditLogPartitionPolicy.table,
    auditLogPartitionPolicy.column,
    now,
  );
  return { table: auditLogPartitionPolicy.table, created, archived: [], kept: [] };
}
