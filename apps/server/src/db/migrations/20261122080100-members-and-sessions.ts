import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE members (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      username text NOT NULL,
      username_normalized text NOT NULL,
      password_hash text NOT NULL,
      payment_password_hash text,
      nickname text NOT NULL,
      type smallint NOT NULL DEFAULT 0,
      to_upline boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      profile jsonb NOT NULL DEFAULT '{}',
      register_ip inet,
      register_url text,
      register_method text,
      terms_accepted_at timestamptz,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, username_normalized)
    )
  `.execute(db);
  await sql`
    CREATE TABLE sessions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      absolute_expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      ip inet,
      user_agent text CHECK (length(user_agent) <= 512)
    )
  `.execute(db);
  await sql`CREATE INDEX sessions_member_idx ON sessions (member_id) WHERE revoked_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sessions`.execute(db);
  await sql`DROP TABLE members`.execute(db);
}
