import { type Kysely, sql } from 'kysely';

/**
 * The console's Members pages: a merchant's member labels and their links to members, operator
 * notes on members (append-only), balance adjustments that wait for a second operator, each
 * merchant's limit above which they wait, and the indexes the member search needs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_labels (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, name)
    )
  `.execute(db);
  await sql`
    CREATE TABLE member_label_links (
      member_id bigint NOT NULL REFERENCES members (id),
      label_id bigint NOT NULL REFERENCES member_labels (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, label_id)
    )
  `.execute(db);
  await sql`CREATE INDEX member_label_links_label_idx ON member_label_links (label_id, member_id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE member_notes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      operator_id bigint NOT NULL,
      operator_username text NOT NULL,
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX member_notes_member_idx ON member_notes (member_id, id DESC)`.execute(db);
  await sql`
    CREATE FUNCTION member_notes_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'member_notes is append-only';
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER member_notes_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON member_notes
      FOR EACH STATEMENT EXECUTE FUNCTION member_notes_is_append_only()
  `.execute(db);

  await sql`
    CREATE TABLE balance_adjustment_requests (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
      currency text NOT NULL,
      reason text NOT NULL,
      requested_by bigint NOT NULL,
      requested_by_username text NOT NULL,
      request_key text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      decided_by bigint,
      decided_by_username text,
      decided_at timestamptz,
      reject_reason text,
      transfer_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (requested_by, request_key)
    )
  `.execute(db);
  await sql`
    CREATE INDEX balance_adjustment_requests_pending_idx
      ON balance_adjustment_requests (merchant_code, id) WHERE status = 'pending'
  `.execute(db);
  await sql`
    CREATE TABLE adjustment_settings (
      merchant_code text PRIMARY KEY REFERENCES merchants (code),
      second_approval_above_minor bigint NOT NULL CHECK (second_approval_above_minor >= 0)
    )
  `.execute(db);

  // Member search: exact profile fields, a prefix of the account, and the last login's address.
  await sql`
    CREATE INDEX members_username_prefix_idx
      ON members (merchant_code, username_normalized text_pattern_ops)
  `.execute(db);
  await sql`
    CREATE INDEX members_email_idx ON members (merchant_code, lower(profile->>'email'))
      WHERE profile ? 'email'
  `.execute(db);
  await sql`
    CREATE INDEX members_mobile_idx ON members (merchant_code, (profile->>'mobileNum'))
      WHERE profile ? 'mobileNum'
  `.execute(db);
  await sql`
    CREATE INDEX members_payee_name_idx ON members (merchant_code, lower(profile->>'payeeName'))
      WHERE profile ? 'payeeName'
  `.execute(db);
  await sql`CREATE INDEX members_created_idx ON members (merchant_code, created_at)`.execute(db);
  await sql`CREATE INDEX sessions_ip_idx ON sessions (merchant_code, ip)`.execute(db);
  await sql`CREATE INDEX sessions_member_created_idx ON sessions (member_id, created_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sessions_member_created_idx`.execute(db);
  await sql`DROP INDEX sessions_ip_idx`.execute(db);
  await sql`DROP INDEX members_created_idx`.execute(db);
  await sql`DROP INDEX members_payee_name_idx`.execute(db);
  await sql`DROP INDEX members_mobile_idx`.execute(db);
  await sql`DROP INDEX members_email_idx`.execute(db);
  await sql`DROP INDEX members_username_prefix_idx`.execute(db);
  await sql`DROP TABLE adjustment_settings`.execute(db);
  await sql`DROP TABLE balance_adjustment_requests`.execute(db);
  await sql`DROP TABLE member_notes`.execute(db);
  await sql`DROP FUNCTION member_notes_is_append_only()`.execute(db);
  await sql`DROP TABLE member_label_links`.execute(db);
  await sql`DROP TABLE member_labels`.execute(db);
}
