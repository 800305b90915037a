import { type Kysely, sql } from 'kysely';

/**
 * Region restriction (SPEC §4 status 2): the ISO 3166-1 alpha-2 countries a merchant refuses.
 * Empty: nobody is refused. Existing merchants get the empty list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE merchants ADD COLUMN blocked_countries text[] NOT NULL DEFAULT '{}'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE merchants DROP COLUMN blocked_countries`.execute(db);
}
