import { type Kysely, sql } from 'kysely';

/**
 * SMS login and forgot password by phone look a number up among the mobiles members bound in the
 * security centre (issue 21): an index keeps that lookup off a scan of every member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX members_verified_mobile_idx ON members (merchant_code, verified_mobile)
      WHERE verified_mobile IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_verified_mobile_idx`.execute(db);
}
