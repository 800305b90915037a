import { type Kysely, sql } from 'kysely';

/**
 * The member's security centre (issue 21): an e-mail address and a mobile number bound by a
 * code, the member's language, and the e-mail codes that prove an address. SMS codes use
 * `sms_codes` with the purpose 'security'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE members
      ADD COLUMN email_verified_at timestamptz,
      ADD COLUMN verified_mobile text CHECK (length(verified_mobile) <= 32),
      ADD COLUMN mobile_verified_at timestamptz,
      ADD COLUMN language text CHECK (length(language) <= 8)
  `.execute(db);
  await sql`
    CREATE TABLE security_email_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      email text NOT NULL CHECK (length(email) <= 254),
      code_salt bytea NOT NULL,
      code_hash bytea NOT NULL,
      tries integer NOT NULL DEFAULT 0,
      spent_at timestamptz,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX security_email_codes_member_idx ON security_email_codes (member_id, id DESC)`.execute(
    db,
  );
  await sql`ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check`.execute(db);
  await sql`
    ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
      CHECK (purpose IN ('register', 'noLogin', 'withdrawal', 'security'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sms_codes WHERE purpose = 'security'`.execute(db);
  await sql`ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check`.execute(db);
  await sql`
    ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
      CHECK (purpose IN ('register', 'noLogin', 'withdrawal'))
  `.execute(db);
  await sql`DROP TABLE security_email_codes`.execute(db);
  await sql`
    ALTER TABLE members
      DROP COLUMN email_verified_at,
      DROP COLUMN verified_mobile,
      DROP COLUMN mobile_verified_at,
      DROP COLUMN language
  `.execute(db);
}
