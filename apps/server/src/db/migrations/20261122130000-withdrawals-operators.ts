import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE withdrawal_settings (
      merchant_code text PRIMARY KEY REFERENCES merchants (code),
      min_amount_minor bigint NOT NULL CHECK (min_amount_minor > 0),
      max_amount_minor bigint NOT NULL CHECK (max_amount_minor >= min_amount_minor)
    )
  `.execute(db);
  await sql`
    CREATE TABLE member_bank_accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members (id),
      bank_name text NOT NULL CHECK (length(bank_name) BETWEEN 2 AND 100),
      account_number text NOT NULL CHECK (account_number ~ '^[0-9]{6,30}$'),
      account_name text NOT NULL CHECK (length(account_name) BETWEEN 2 AND 100),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, bank_name, account_number)
    )
  `.execute(db);
  await sql`
    CREATE TABLE withdrawals (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      bank_account_id bigint NOT NULL REFERENCES member_bank_accounts (id),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency char(3) NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      hold_transfer_id text NOT NULL,
      idempotency_key text CHECK (length(idempotency_key) <= 200),
      reject_reason text CHECK (length(reject_reason) <= 500),
      resolved_by_operator_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      UNIQUE (member_id, idempotency_key)
    )
  `.execute(db);
  await sql`CREATE INDEX withdrawals_status_idx ON withdrawals (merchant_code, status, created_at)`.execute(
    db,
  );

  // Operators run a merchant's site; they never log in as members, nor members as operators.
  await sql`
    CREATE TABLE operators (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      username text NOT NULL CHECK (username ~ '^[a-z0-9_.-]{3,40}$'),
      password_hash text NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'finance', 'support')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, username)
    )
  `.execute(db);
  await sql`
    CREATE TABLE operator_sessions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      operator_id bigint NOT NULL REFERENCES operators (id),
      token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )
  `.execute(db);

  // Every operator action, append-only: the database itself refuses to change or delete a row.
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL,
      operator_id bigint,
      action text NOT NULL CHECK (length(action) <= 80),
      subject_type text NOT NULL CHECK (length(subject_type) <= 40),
      subject_id text NOT NULL CHECK (length(subject_id) <= 100),
      before jsonb,
      after jsonb,
      ip inet,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX audit_log_merchant_idx ON audit_log (merchant_code, id DESC)`.execute(db);
  await sql`
    CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only';
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_log`.execute(db);
  await sql`DROP FUNCTION audit_log_is_append_only()`.execute(db);
  await sql`DROP TABLE operator_sessions`.execute(db);
  await sql`DROP TABLE operators`.execute(db);
  await sql`DROP TABLE withdrawals`.execute(db);
  await sql`DROP TABLE member_bank_accounts`.execute(db);
  await sql`DROP TABLE withdrawal_settings`.execute(db);
}
