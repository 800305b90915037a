import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // How a merchant's players pay in; each method clears through its own ledger account.
  await sql`
    CREATE TABLE payment_methods (
      merchant_code text NOT NULL REFERENCES merchants (code),
      code text NOT NULL CHECK (code ~ '^[a-z0-9-]{1,40}$'),
      kind text NOT NULL CHECK (kind IN ('sandbox')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      currency char(3) NOT NULL,
      min_amount_minor bigint NOT NULL CHECK (min_amount_minor > 0),
      max_amount_minor bigint NOT NULL CHECK (max_amount_minor >= min_amount_minor),
      enabled boolean NOT NULL DEFAULT true,
      callback_secret text NOT NULL CHECK (length(callback_secret) >= 32),
      sort_order integer NOT NULL DEFAULT 0,
      PRIMARY KEY (merchant_code, code)
    )
  `.execute(db);

  await sql`
    CREATE TABLE deposits (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      method_code text NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency char(3) NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
      idempotency_key text CHECK (length(idempotency_key) <= 200),
      gateway_payment_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      FOREIGN KEY (merchant_code, method_code) REFERENCES payment_methods (merchant_code, code),
      UNIQUE (member_id, idempotency_key)
    )
  `.execute(db);
  await sql`CREATE INDEX deposits_member_idx ON deposits (member_id, created_at DESC)`.execute(db);

  // The built-in sandbox gateway's own records, as an outside payment provider would keep them.
  await sql`
    CREATE TABLE sandbox_gateway_payments (
      id text PRIMARY KEY,
      merchant_code text NOT NULL,
      method_code text NOT NULL,
      merchant_order_id text NOT NULL UNIQUE,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency char(3) NOT NULL,
      status text NOT NULL CHECK (status IN ('created', 'paid', 'declined')),
      return_url text NOT NULL CHECK (length(return_url) <= 2048),
      callback_attempts integer NOT NULL DEFAULT 0,
      callback_acknowledged_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )
  `.execute(db);
  await sql`
    CREATE INDEX sandbox_gateway_unacknowledged_idx ON sandbox_gateway_payments (finished_at)
      WHERE status <> 'created' AND callback_acknowledged_at IS NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sandbox_gateway_payments`.execute(db);
  await sql`DROP TABLE deposits`.execute(db);
  await sql`DROP TABLE payment_methods`.execute(db);
}
