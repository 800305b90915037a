import { type Kysely, sql } from 'kysely';

/**
 * The agent centre counts the members each invitation code brought: that reads members by
 * their code, which would otherwise scan every member (the upline already has its index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX members_affiliate_code_idx ON members (affiliate_code_id)
    WHERE affiliate_code_id IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_affiliate_code_idx`.execute(db);
}
