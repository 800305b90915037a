import { type Kysely, sql } from 'kysely';

/**
 * Whether the member knows their password (SPEC §3: the old password is asked only when one is
 * known). Accounts made by social sign-in or the free demo get a random password nobody knows;
 * their first change sets one without asking for the old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN password_known boolean NOT NULL DEFAULT true`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members DROP COLUMN password_known`.execute(db);
}
