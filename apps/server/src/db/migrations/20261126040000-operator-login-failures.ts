import { type Kysely, sql } from 'kysely';

/**
 * Failed operator logins per account name (known or not, so that the lock says nothing about
 * which names exist): the count since the last success and the time the account is locked until.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE operator_login_failures (
      merchant_code text NOT NULL,
      username text NOT NULL,
      failures integer NOT NULL DEFAULT 0,
      last_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      PRIMARY KEY (merchant_code, username)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE operator_login_failures`.execute(db);
}
