import { type Kysely, sql } from 'kysely';

/**
 * The operator console's access and audit chain: six roles, TOTP (the secret stored encrypted),
 * one-use recovery codes, allow-listed addresses, idle session expiry, and the audit log's hash
 * chain with one head row per merchant that writers lock in turn.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE operators DROP CONSTRAINT operators_role_check`.execute(db);
  await sql`
    ALTER TABLE operators
      ADD CONSTRAINT operators_role_check
        CHECK (role IN ('admin', 'finance', 'content', 'support', 'risk', 'read-only')),
      ADD COLUMN totp_secret_enc bytea,
      ADD COLUMN totp_pending_secret_enc bytea,
      ADD COLUMN totp_enrolled_at timestamptz,
      ADD COLUMN totp_last_step bigint,
      ADD COLUMN totp_exempt boolean NOT NULL DEFAULT false,
      ADD COLUMN allowed_ips text[] NOT NULL DEFAULT '{}',
      ADD COLUMN last_login_at timestamptz
  `.execute(db);
  await sql`
    ALTER TABLE operator_sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()
  `.execute(db);
  await sql`CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE operator_recovery_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      operator_id bigint NOT NULL REFERENCES operators (id),
      code_hash bytea NOT NULL CHECK (length(code_hash) = 32),
      used_at timestamptz,
      UNIQUE (operator_id, code_hash)
    )
  `.execute(db);

  await sql`
    ALTER TABLE audit_log
      ADD COLUMN operator_username text,
      ADD COLUMN operator_role text,
      ADD COLUMN prev_hash bytea,
      ADD COLUMN row_hash bytea
  `.execute(db);
  await sql`
    CREATE INDEX audit_log_action_idx ON audit_log (merchant_code, action, id DESC)
  `.execute(db);
  await sql`
    CREATE INDEX audit_log_operator_idx ON audit_log (merchant_code, operator_id, id DESC)
  `.execute(db);
  await sql`
    CREATE INDEX audit_log_subject_id_idx ON audit_log (merchant_code, subject_id, id DESC)
  `.execute(db);
  await sql`
    CREATE TABLE audit_chain_heads (
      merchant_code text PRIMARY KEY,
      last_id bigint,
      last_hash bytea,
      entry_count bigint NOT NULL DEFAULT 0
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_chain_heads`.execute(db);
  await sql`DROP INDEX audit_log_subject_id_idx`.execute(db);
  await sql`DROP INDEX audit_log_operator_idx`.execute(db);
  await sql`DROP INDEX audit_log_action_idx`.execute(db);
  await sql`
    ALTER TABLE audit_log
      DROP COLUMN operator_username, DROP COLUMN operator_role,
      DROP COLUMN prev_hash, DROP COLUMN row_hash
  `.execute(db);
  await sql`DROP TABLE operator_recovery_codes`.execute(db);
  await sql`DROP INDEX operator_sessions_operator_idx`.execute(db);
  await sql`ALTER TABLE operator_sessions DROP COLUMN last_seen_at`.execute(db);
  await sql`
    ALTER TABLE operators
      DROP COLUMN totp_secret_enc, DROP COLUMN totp_pending_secret_enc,
      DROP COLUMN totp_enrolled_at, DROP COLUMN totp_last_step, DROP COLUMN totp_exempt,
      DROP COLUMN allowed_ips, DROP COLUMN last_login_at
  `.execute(db);
}
