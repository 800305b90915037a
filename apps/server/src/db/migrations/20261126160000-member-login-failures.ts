import { type Kysely, sql } from 'kysely';

/**
 * Failed member logins as the console's Logins tab shows them (issue 17). The throttle's
 * `login_failures` rows are forgiven on success and pruned after the window, so they cannot
 * serve as a history: this table keeps each failure, by the normalized username typed, with
 * its address, device and reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_login_failures (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      username text NOT NULL,
      ip text,
      user_agent text,
      reason text NOT NULL
        CHECK (reason IN ('wrong-password', 'account-locked', 'throttled', 'captcha')),
      failed_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE INDEX member_login_failures_account_idx
      ON member_login_failures (merchant_code, username, id DESC)
  `.execute(db);
  await sql`CREATE INDEX member_login_failures_failed_at_idx ON member_login_failures (failed_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_login_failures`.execute(db);
}
