import { type Kysely, sql } from 'kysely';

/**
 * The last reconciliation's outcome (issue 23, `/metrics`): one row for the whole platform,
 * kept in the database so that every instance reports the same, whichever ran the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_reconciliation_status (
      id smallint PRIMARY KEY CHECK (id = 1),
      ok boolean NOT NULL,
      break_count integer NOT NULL CHECK (break_count >= 0),
      ran_at timestamptz NOT NULL
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_reconciliation_status`.execute(db);
}
