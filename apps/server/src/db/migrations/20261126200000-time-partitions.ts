import { type Kysely, sql } from 'kysely';

/**
 * Issue 23: the big append-mostly tables become range-partitioned by month on the time they were
 * written, so that a year of history costs the hot path nothing and old months can be archived by
 * detaching a partition instead of deleting rows. Each table is rebuilt in place: the old one is
 * renamed, a partitioned twin is created with the same columns, defaults, checks, identity,
 * foreign keys, indexes and triggers, the rows are copied, and the old table is dropped. The
 * primary key gains the partition column, as PostgreSQL requires.
 *
 * `ledger_archived_totals` carries forward what an archived month of ledger entries summed to per
 * account, so that reconciliation (balance = sum of entries) still holds after archiving.
 */
const partitionedTables = [
  { table: 'ledger_entries', column: 'created_at' },
  { table: 'lottery_bets', column: 'placed_at' },
  { table: 'audit_log', column: 'created_at' },
] as const;

/** Months created ahead at migration time; the maintenance job keeps the same horizon. */
const MONTHS_AHEAD = 3;

function monthStart(at: Date, plusMonths = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plusMonths, 1));
}

function partitionName(table: string, month: Date): string {
  return `${table}_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function partitionTable(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const old = `${table}_unpartitioned`;
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.tablename = ${table} AND i.schemaname = current_schema()
      AND i.indexname NOT IN (
        SELECT conname FROM pg_constraint WHERE conrelid = ${table}::regclass AND contype = 'p')
  `.execute(db);
  const foreignKeys = await sql<{ conname: string; definition: string }>`
    SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conrelid = ${table}::regclass AND contype = 'f'
  `.execute(db);
  const triggers = await sql<{ definition: string }>`
    SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger
    WHERE tgrelid = ${table}::regclass AND NOT tgisinternal
  `.execute(db);
  const bounds = await sql<{ oldest: Date | null }>`
    SELECT min(${sql.ref(column)}) AS oldest FROM ${sql.table(table)}
  `.execute(db);

  await sql`ALTER TABLE ${sql.table(table)} RENAME TO ${sql.table(old)}`.execute(db);
  await sql`
    CREATE TABLE ${sql.table(table)} (
      LIKE ${sql.table(old)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY
        INCLUDING GENERATED INCLUDING STORAGE INCLUDING COMMENTS
    ) PARTITION BY RANGE (${sql.ref(column)})
  `.execute(db);
  await sql`ALTER TABLE ${sql.table(table)} ADD PRIMARY KEY (id, ${sql.ref(column)})`.execute(db);
  for (const foreignKey of foreignKeys.rows) {
    await sql`
      ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(foreignKey.conname)} ${sql.raw(foreignKey.definition)}
    `.execute(db);
  }
  await sql`CREATE TABLE ${sql.table(`${table}_default`)} PARTITION OF ${sql.table(table)} DEFAULT`.execute(
    db,
  );
  const now = new Date();
  const first = monthStart(bounds.rows[0]?.oldest ?? now);
  for (let month = first; month <= monthStart(now, MONTHS_AHEAD); month = monthStart(month, 1)) {
    await sql`
      CREATE TABLE ${sql.table(partitionName(table, month))} PARTITION OF ${sql.table(table)}
      FOR VALUES FROM (${sql.lit(month.toISOString())}) TO (${sql.lit(monthStart(month, 1).toISOString())})
    `.execute(db);
  }
  await sql`
    INSERT INTO ${sql.table(table)} OVERRIDING SYSTEM VALUE SELECT * FROM ${sql.table(old)}
  `.execute(db);
  await sql`
    SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)
  `.execute(db);
  await sql`DROP TABLE ${sql.table(old)}`.execute(db);
  // The definitions were read before the rename, so they name the new table.
  for (const index of indexes.rows) {
    await sql.raw(index.indexdef).execute(db);
  }
  for (const trigger of triggers.rows) {
    await sql.raw(trigger.definition).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, column } of partitionedTables) await partitionTable(db, table, column);
  await sql`
    CREATE TABLE ledger_archived_totals (
      account_id bigint PRIMARY KEY REFERENCES ledger_accounts (id),
      -- The sum of the account's entries in every archived month.
      total_minor bigint NOT NULL,
      -- Entries before this instant are archived (the start of the oldest attached month).
      archived_before timestamptz NOT NULL
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_archived_totals`.execute(db);
  // The partitioned tables hold the same rows and serve the same queries: they stay.
}
