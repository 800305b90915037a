import { type Kysely, sql } from 'kysely';

/**
 * The event stream (module `events`): an append-only transactional outbox and one checkpoint
 * row per consumer. `xact_id` is the appending transaction's id: readers only take events of
 * transactions older than the oldest one still running, so an id assigned early but committed
 * late is never skipped (docs/events.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      type text NOT NULL,
      merchant_code text NOT NULL,
      member_id bigint,
      payload jsonb NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      xact_id xid8 NOT NULL DEFAULT pg_current_xact_id()
    )
  `.execute(db);
  await sql`CREATE INDEX events_stream_idx ON events (xact_id, id)`.execute(db);
  await sql`
    CREATE TABLE event_consumers (
      name text PRIMARY KEY,
      last_xact_id xid8 NOT NULL DEFAULT '0',
      last_event_id bigint NOT NULL DEFAULT 0,
      applied_count bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE event_consumers`.execute(db);
  await sql`DROP TABLE events`.execute(db);
}
