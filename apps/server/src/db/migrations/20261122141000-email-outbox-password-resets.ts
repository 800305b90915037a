import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The default e-mail provider: messages are written here instead of being sent.
  await sql`
    CREATE TABLE email_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      recipient text NOT NULL,
      subject text NOT NULL,
      text text NOT NULL,
      html text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX email_outbox_recipient_idx ON email_outbox (merchant_code, recipient, id)`.execute(
    db,
  );
  await sql`CREATE INDEX email_outbox_created_idx ON email_outbox (created_at)`.execute(db);
  // Forgot password by e-mail: only the SHA-256 of a link's token is kept; a link dies when
  // used, expired, or replaced by a newer one of the same member.
  await sql`
    CREATE TABLE password_reset_tokens (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members (id),
      token_hash bytea NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX password_reset_tokens_member_idx ON password_reset_tokens (member_id, id)`.execute(
    db,
  );
  await sql`CREATE INDEX password_reset_tokens_created_idx ON password_reset_tokens (created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE password_reset_tokens`.execute(db);
  await sql`DROP TABLE email_outbox`.execute(db);
}
