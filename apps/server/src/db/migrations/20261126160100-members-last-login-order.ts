import { type Kysely, sql } from 'kysely';

/**
 * The console's member search sorted by last login (issue 17): keyset paging on
 * (last login, id) within a merchant. A member who never logged in sorts as `-infinity`, so
 * the key has no NULL and one row comparison seeks it; the index serves both directions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX members_merchant_last_login_idx
      ON members (merchant_code, (coalesce(last_login_at, '-infinity'::timestamptz)), id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_merchant_last_login_idx`.execute(db);
}
