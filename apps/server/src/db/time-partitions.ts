import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Monthly range partitions of the big append-mostly tables (issue 23). Each table's owning module
 * declares its policy and runs its own maintenance through these helpers, so that only the owner
 * issues DDL on its table. Partitions are named `<table>_pYYYYMM` and cover one calendar month in
 * UTC, `[first day, first day of the next month)`; the names are how maintenance finds a
 * partition's range, so nothing else may create partitions of these tables.
 */
export interface TimePartitionPolicy {
  /** The partitioned table (owned by the module that declares the policy). */
  table: string;
  /** The partition key, a `timestamptz` column set once when the row is written. */
  column: string;
  /** Months kept attached; older partitions move to the `archive` schema. Null keeps them all. */
  retentionMonths: number | null;
}

/** Months created ahead of today, so a late maintenance run never sends rows to the default partition. */
export const PARTITION_MONTHS_AHEAD = 3;
/** Where detached partitions go: still queryable and dumpable (`pg_dump -n archive`), off the hot path. */
export const ARCHIVE_SCHEMA = 'archive';

const partitionNamePattern = /_p(\d{4})(\d{2})$/;

export function monthStartUtc(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function addMonthsUtc(monthStart: Date, months: number): Date {
  return new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + months, 1));
}

export function monthlyPartitionName(table: string, monthStart: Date): string {
  const month = String(monthStart.getUTCMonth() + 1).padStart(2, '0');
  return `${table}_p${monthStart.getUTCFullYear()}${month}`;
}

/** The month a partition named by `monthlyPartitionName` covers, or undefined for any other name. */
export function partitionMonth(partitionName: string): Date | undefined {
  const match = partitionNamePattern.exec(partitionName);
  if (!match) return undefined;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** The monthly partitions attached to `table`, oldest first. */
export async function attachedMonthlyPartitions(
  db: Db,
  table: string,
): Promise<{ name: string; monthStart: Date }[]> {
  const result = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid
    JOIN pg_class p ON p.oid = i.inhparent
    JOIN pg_namespace n ON n.oid = p.relnamespace
    WHERE p.relname = ${table} AND n.nspname = current_schema()
  `.execute(db);
  return result.rows
    .flatMap((row) => {
      const monthStart = partitionMonth(row.name);
      return monthStart ? [{ name: row.name, monthStart }] : [];
    })
    .sort((a, b) => a.monthStart.getTime() - b.monthStart.getTime());
}

/**
 * Creates the monthly partitions of `table` from `fromMonth` (or the oldest month found in the
 * default partition) through `PARTITION_MONTHS_AHEAD` months after `now`, skipping those that
 * exist. Returns the names it created.
 */
export async function ensureMonthlyPartitions(
  db: Db,
  table: string,
  column: string,
  now: Date,
  fromMonth: Date = monthStartUtc(now),
): Promise<string[]> {
  const existing = new Set((await attachedMonthlyPartitions(db, table)).map((p) => p.name));
  // Months that only the default partition holds get their own partition too.
  const strays = await sql<{ oldest: Date | null }>`
    SELECT min(${sql.ref(column)}) AS oldest FROM ${sql.id(`${table}_default`)}
  `.execute(db);
  const oldestStray = strays.rows[0]?.oldest;
  if (oldestStray && oldestStray < fromMonth) fromMonth = monthStartUtc(oldestStray);
  const created: string[] = [];
  const lastMonth = addMonthsUtc(monthStartUtc(now), PARTITION_MONTHS_AHEAD);
  for (let month = monthStartUtc(fromMonth); month <= lastMonth; month = addMonthsUtc(month, 1)) {
    const name = monthlyPartitionName(table, month);
    if (existing.has(name)) continue;
    await db.transaction().execute((trx) => createMonthPartition(trx, table, column, month));
    created.push(name);
  }
  return created;
}

/**
 * Creates `table`'s partition of `month`. Rows of that month already in the default partition
 * (written while no partition covered them: an import of old data, or maintenance stopped for
 * months) would make PostgreSQL refuse the new partition, so they move into it first, with the
 * default partition detached for the length of this transaction.
 */
async function createMonthPartition(
  executor: Db,
  table: string,
  column: string,
  month: Date,
): Promise<void> {
  const name = monthlyPartitionName(table, month);
  const defaultName = `${table}_default`;
  const from = sql.lit(month.toISOString());
  const to = sql.lit(addMonthsUtc(month, 1).toISOString());
  const stray = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM ${sql.id(defaultName)}
      WHERE ${sql.ref(column)} >= ${from} AND ${sql.ref(column)} < ${to}) AS found
  `.execute(executor);
  if (!stray.rows[0]?.found) {
    await sql`
      CREATE TABLE ${sql.id(name)} PARTITION OF ${sql.id(table)} FOR VALUES FROM (${from}) TO (${to})
    `.execute(executor);
    return;
  }
  await sql`ALTER TABLE ${sql.id(table)} DETACH PARTITION ${sql.id(defaultName)}`.execute(executor);
  await sql`
    CREATE TABLE ${sql.id(name)} PARTITION OF ${sql.id(table)} FOR VALUES FROM (${from}) TO (${to})
  `.execute(executor);
  await sql`
    WITH moved AS (
      DELETE FROM ${sql.id(defaultName)}
      WHERE ${sql.ref(column)} >= ${from} AND ${sql.ref(column)} < ${to} RETURNING *)
    INSERT INTO ${sql.id(table)} OVERRIDING SYSTEM VALUE SELECT * FROM moved
  `.execute(executor);
  await sql`ALTER TABLE ${sql.id(table)} ATTACH PARTITION ${sql.id(defaultName)} DEFAULT`.execute(
    executor,
  );
}

/** The attached monthly partitions wholly older than `retentionMonths` before `now`'s month. */
export async function partitionsPastRetention(
  db: Db,
  policy: TimePartitionPolicy,
  now: Date,
): Promise<string[]> {
  if (policy.retentionMonths === null) return [];
  const keepFrom = addMonthsUtc(monthStartUtc(now), -policy.retentionMonths);
  const attached = await attachedMonthlyPartitions(db, policy.table);
  return attached.filter((p) => p.monthStart < keepFrom).map((p) => p.name);
}

/**
 * Detaches `partition` from `table` and moves it to the archive schema. Run it in the caller's
 * transaction together with whatever must be carried forward from the partition's rows.
 */
export async function detachToArchive(
  executor: Db,
  table: string,
  partition: string,
): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(ARCHIVE_SCHEMA)}`.execute(executor);
  await sql`ALTER TABLE ${sql.id(table)} DETACH PARTITION ${sql.id(partition)}`.execute(executor);
  await sql`ALTER TABLE ${sql.id(partition)} SET SCHEMA ${sql.id(ARCHIVE_SCHEMA)}`.execute(
    executor,
  );
}

/** Rows of `table` that fell into its default partition (none while maintenance runs). */
export async function defaultPartitionRowCount(db: Db, table: string): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.id(`${table}_default`)}
  `.execute(db);
  return result.rows[0]?.n ?? 0;
}
