import { type Kysely, sql } from 'kysely';

/**
 * The console's member search sorted by last login (issue 17): keyset paging on
 * (last_login_at, id) within a merchant, members who never logged in last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX members_merchant_last_login_idx
      ON members (merchant_code, last_login_at DESC NULLS LAST, id DESC)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_merchant_last_login_idx`.execute(db);
}
