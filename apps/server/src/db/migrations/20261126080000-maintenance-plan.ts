import { type Kysely, sql } from 'kysely';

/**
 * Maintenance as the operator console sets it: a message per language for the maintenance page,
 * and a planned window during which the site is under maintenance whatever the switch says.
 * Existing merchants get no message and no window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE merchants
      ADD COLUMN maintenance_messages jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN maintenance_starts_at timestamptz,
      ADD COLUMN maintenance_ends_at timestamptz,
      ADD CONSTRAINT merchants_maintenance_window_check CHECK (
        (maintenance_starts_at IS NULL) = (maintenance_ends_at IS NULL)
        AND (maintenance_ends_at IS NULL OR maintenance_ends_at > maintenance_starts_at)
      )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE merchants
      DROP CONSTRAINT merchants_maintenance_window_check,
      DROP COLUMN maintenance_messages,
      DROP COLUMN maintenance_starts_at,
      DROP COLUMN maintenance_ends_at
  `.execute(db);
}
