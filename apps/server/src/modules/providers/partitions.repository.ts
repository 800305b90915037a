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

/** Two years of betting records stay attached: what players and operators look up. */
export const GAME_ROUNDS_RETENTION_MONTHS = 24;

export const gameRoundsPartitionPolicy: TimePartitionPolicy = {
  table: 'game_rounds',
  column: 'started_at',
  retentionMonths: GAME_ROUNDS_RETENTION_MONTHS,
};

/**
 * Creates the coming months' partitions of `game_rounds` and archives those past retention. A
 * month with a round still open stays (a provider may still settle it). An archived month's refs
 * leave `game_round_refs` in the same transaction: a provider retrying a two-year-old round is
 * refused by the wallet's own age checks long before.
 */
export async function maintainGameRoundPartitions(
  db: Db,
  now: Date,
  policy: TimePartitionPolicy = gameRoundsPartitionPolicy,
): Promise<{ table: string; created: string[]; archived: string[]; kept: string[] }> {
  const created = await ensureMonthlyPartitions(db, policy.table, policy.column, now);
  const archived: string[] = [];
  const kept: string[] = [];
  for (const partition of await partitionsPastRetention(db, policy, now)) {
    const month = partitionMonth(partition);
    if (!month) continue;
    const open = await sql<{ found: boolean }>`
      SELECT EXISTS (SELECT 1 FROM ${sql.table(partition)} WHERE status = 'open') AS found
    `.execute(db);
    if (open.rows[0]?.found) {
      kept.push(partition);
      continue;
    }
    await db.transaction().execute(async (trx) => {
      await sql`
        DELETE FROM game_round_refs
        WHERE started_at >= ${month} AND started_at < ${addMonthsUtc(month, 1)}
      `.execute(trx);
      await detachToArchive(trx, policy.table, partition);
    });
    archived.push(partition);
  }
  return { table: policy.table, created, archived, kept };
}
