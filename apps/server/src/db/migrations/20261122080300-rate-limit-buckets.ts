import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Shared by every server instance, so a limit holds however many processes serve the site.
  await sql`
    CREATE TABLE rate_limit_buckets (
      bucket text PRIMARY KEY CHECK (length(bucket) <= 300),
      window_started_at timestamptz NOT NULL,
      hits integer NOT NULL CHECK (hits >= 0)
    )
  `.execute(db);
  await sql`CREATE INDEX rate_limit_buckets_window_idx ON rate_limit_buckets (window_started_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limit_buckets`.execute(db);
}
