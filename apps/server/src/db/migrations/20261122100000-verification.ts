import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Only a salted hash of the answer is kept; a row is spent by its first check, right or wrong.
  await sql`
    CREATE TABLE captchas (
      id text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      answer_salt bytea NOT NULL,
      answer_hash bytea NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX captchas_expires_idx ON captchas (expires_at)`.execute(db);
  // Failed logins per username and per address, to ask for a captcha after a few.
  await sql`
    CREATE TABLE login_failures (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      scope text NOT NULL CHECK (scope IN ('username', 'ip')),
      key text NOT NULL CHECK (length(key) <= 300),
      failed_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX login_failures_key_idx ON login_failures (merchant_code, scope, key, failed_at)`.execute(
    db,
  );
  await sql`CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE login_failures`.execute(db);
  await sql`DROP TABLE captchas`.execute(db);
}
