import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals, the later parts: the turnover multiple, the operator's proof image,
 * the player's receipt (received, not received, or received by default after some minutes),
 * cases for 'not received', and extra verification from an address the member never used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // 0 turns the turnover requirement off; 'off' likewise the new-address verification.
  await sql`
    ALTER TABLE withdrawal_settings
      ADD COLUMN turnover_multiple numeric(8, 2) NOT NULL DEFAULT 0 CHECK (turnover_multiple >= 0),
      ADD COLUMN auto_receive_minutes integer NOT NULL DEFAULT 1440
        CHECK (auto_receive_minutes BETWEEN 1 AND 43200),
      ADD COLUMN new_ip_verification text NOT NULL DEFAULT 'off'
        CHECK (new_ip_verification IN ('off', 'sms', 'email', 'accountName'))
  `.execute(db);
  await sql`
    ALTER TABLE withdrawals
      ADD COLUMN receipt text CHECK (receipt IN ('received', 'notReceived', 'autoReceived')),
      ADD COLUMN receipt_at timestamptz
  `.execute(db);
  // Approved and not yet confirmed: what the auto-receive job scans.
  await sql`
    CREATE INDEX withdrawals_unconfirmed_idx ON withdrawals (resolved_at)
      WHERE status = 'approved' AND receipt IS NULL
  `.execute(db);
  // The proof lives beside the withdrawal (bytea): backed up and replicated with it, no file
  // names or paths an attacker could steer, and the decision and its proof commit together.
  await sql`
    CREATE TABLE withdrawal_proofs (
      withdrawal_id uuid PRIMARY KEY REFERENCES withdrawals (id),
      kind text NOT NULL CHECK (kind IN ('png', 'jpeg')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      bytes bytea NOT NULL CHECK (length(bytes) <= 4194304),
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE withdrawal_cases (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      withdrawal_id uuid NOT NULL UNIQUE REFERENCES withdrawals (id),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
      note text CHECK (length(note) <= 1000),
      resolved_by_operator_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX withdrawal_cases_open_idx ON withdrawal_cases (merchant_code, status, id)`.execute(
    db,
  );
  // Addresses a member withdrew from (or verified at): a new one asks for extra verification.
  await sql`
    CREATE TABLE member_known_ips (
      member_id bigint NOT NULL REFERENCES members (id),
      ip text NOT NULL CHECK (length(ip) <= 100),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, ip)
    )
  `.execute(db);
  // E-mail codes for that verification (SMS codes use sms_codes with purpose 'withdrawal').
  await sql`
    CREATE TABLE withdrawal_email_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members (id),
      code_salt bytea NOT NULL,
      code_hash bytea NOT NULL,
      tries integer NOT NULL DEFAULT 0,
      spent_at timestamptz,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX withdrawal_email_codes_member_idx ON withdrawal_email_codes (member_id, id DESC)`.execute(
    db,
  );
  await sql`ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check`.execute(db);
  await sql`
    ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
      CHECK (purpose IN ('register', 'noLogin', 'withdrawal'))
  `.execute(db);
  // Turnover reads a member's bets since a deposit: by debit account and code, in time order.
  await sql`
    CREATE INDEX ledger_transfers_debit_code_idx
      ON ledger_transfers (debit_account_id, code, created_at)
  `.execute(db);
  await sql`
    CREATE INDEX ledger_transfers_credit_code_idx
      ON ledger_transfers (credit_account_id, code, created_at)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX ledger_transfers_credit_code_idx`.execute(db);
  await sql`DROP INDEX ledger_transfers_debit_code_idx`.execute(db);
  await sql`ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check`.execute(db);
  await sql`
    ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
      CHECK (purpose IN ('register', 'noLogin'))
  `.execute(db);
  await sql`DROP TABLE withdrawal_email_codes`.execute(db);
  await sql`DROP TABLE member_known_ips`.execute(db);
  await sql`DROP TABLE withdrawal_cases`.execute(db);
  await sql`DROP TABLE withdrawal_proofs`.execute(db);
  await sql`DROP INDEX withdrawals_unconfirmed_idx`.execute(db);
  await sql`ALTER TABLE withdrawals DROP COLUMN receipt, DROP COLUMN receipt_at`.execute(db);
  await sql`
    ALTER TABLE withdrawal_settings
      DROP COLUMN turnover_multiple, DROP COLUMN auto_receive_minutes, DROP COLUMN new_ip_verification
  `.execute(db);
}
