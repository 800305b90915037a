import { type Kysely, sql } from 'kysely';

/**
 * The member's account type on each session, written when the session is issued, so that
 * authenticating a call reads the session module's own table alone (the guards need the type:
 * trial accounts and agents see other things). Nothing changes a member's type after the account
 * is made; a future change of type must also rewrite its sessions (or revoke them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN member_type smallint`.execute(db);
  await sql`
    UPDATE sessions AS s SET member_type = m.type FROM members AS m WHERE m.id = s.member_id
  `.execute(db);
  await sql`ALTER TABLE sessions ALTER COLUMN member_type SET NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions DROP COLUMN member_type`.execute(db);
}
