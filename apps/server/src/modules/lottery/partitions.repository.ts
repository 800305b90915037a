import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  detachToArchive,
  ensureMonthlyPartitions,
  partitionsPastRetention,
  type TimePartitionPolicy,
} from '../../db/time-partitions.js';

/** Two years of bets stay attached: the records a player or an operator asks about. */
export const LOTTERY_BETS_RETENTION_MONTHS = 24;

export const lotteryBetsPartitionPolicy: TimePartitionPolicy = {
  table: 'lottery_bets',
  column: 'placed_at',
  retentionMonths: LOTTERY_BETS_RETENTION_MONTHS,
};

/**
 * Creates the coming months' partitions of `lottery_bets` and archives those past retention,
 * except a month that still holds an open bet: its draw has not settled, and settling it needs
 * the row where the settlement looks for it.
 */
export async function maintainLotteryPartitions(
  db: Db,
  now: Date,
  policy: TimePartitionPolicy = lotteryBetsPartitionPolicy,
): Promise<{ table: string; created: string[]; archived: string[]; kept: string[] }> {
  const created = await ensureMonthlyPartitions(db, policy.table, policy.column, now);
  const archived: string[] = [];
  const kept: string[] = [];
  for (const partition of await partitionsPastRetention(db, policy, now)) {
    const open = await sql<{ found: boolean }>`
      SELECT EXISTS (SELECT 1 FROM ${sql.table(partition)} WHERE status = 'open') AS found
    `.execute(db);
    if (open.rows[0]?.found) {
      kept.push(partition);
      continue;
    }
    await db.transaction().execute((trx) => detachToArchive(trx, policy.table, partition));
    archived.push(partition);
  }
  return { table: policy.table, created, archived, kept };
}
