import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Dialling codes (digits, no plus) a merchant sends SMS codes to; none: SMS codes are off.
  await sql`
    ALTER TABLE merchants ADD COLUMN sms_dialing_codes text[] NOT NULL DEFAULT '{}'
  `.execute(db);
  // Only a salted hash of a code is kept; a code dies when used, expired or after 5 wrong tries.
  await sql`
    CREATE TABLE sms_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      purpose text NOT NULL CHECK (purpose IN ('register', 'noLogin')),
      phone text NOT NULL CHECK (phone ~ '^[0-9]{4,32}$'),
      ip text NOT NULL CHECK (length(ip) <= 200),
      code_salt bytea NOT NULL,
      code_hash bytea NOT NULL,
      expires_at timestamptz NOT NULL,
      failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX sms_codes_phone_idx ON sms_codes (merchant_code, phone, created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX sms_codes_ip_idx ON sms_codes (merchant_code, ip, created_at)`.execute(db);
  await sql`CREATE INDEX sms_codes_created_idx ON sms_codes (created_at)`.execute(db);
  // The default SMS provider: messages are written here instead of being sent.
  await sql`
    CREATE TABLE sms_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      number text NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX sms_outbox_number_idx ON sms_outbox (merchant_code, number, id)`.execute(
    db,
  );
  await sql`CREATE INDEX sms_outbox_created_idx ON sms_outbox (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sms_outbox`.execute(db);
  await sql`DROP TABLE sms_codes`.execute(db);
  await sql`ALTER TABLE merchants DROP COLUMN sms_dialing_codes`.execute(db);
}
