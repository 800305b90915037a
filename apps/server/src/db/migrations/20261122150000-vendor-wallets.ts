import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A member may hold cash in a game vendor's transfer wallet as well as in the main wallet:
  // each is its own ledger account (same non-negative rule), told apart by `wallet`.
  await sql`
    ALTER TABLE ledger_accounts
      ADD COLUMN wallet text NOT NULL DEFAULT 'main'
        CHECK (wallet ~ '^[A-Za-z0-9_-]{1,40}$')
  `.execute(db);
  await sql`DROP INDEX ledger_accounts_member_idx`.execute(db);
  await sql`
    CREATE UNIQUE INDEX ledger_accounts_member_idx
      ON ledger_accounts (member_id, asset, currency, wallet) WHERE member_id IS NOT NULL
  `.execute(db);
  // Account record and bonus details read a member's entries by account and date range.
  await sql`
    CREATE INDEX ledger_entries_account_created_idx ON ledger_entries (account_id, created_at, id)
  `.execute(db);

  // Game vendors whose games keep their own balance, per merchant; none means one seamless
  // wallet. The code is the member account's `wallet`; 'main' is the member's own wallet.
  await sql`
    CREATE TABLE vendor_wallets (
      merchant_code text NOT NULL REFERENCES merchants (code),
      code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{1,40}$' AND code <> 'main'),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      min_transfer_minor bigint NOT NULL CHECK (min_transfer_minor > 0),
      max_transfer_minor bigint NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, code),
      CHECK (max_transfer_minor >= min_transfer_minor)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE vendor_wallets`.execute(db);
  await sql`DROP INDEX ledger_entries_account_created_idx`.execute(db);
  await sql`DROP INDEX ledger_accounts_member_idx`.execute(db);
  await sql`
    CREATE UNIQUE INDEX ledger_accounts_member_idx
      ON ledger_accounts (member_id, asset, currency) WHERE member_id IS NOT NULL
  `.execute(db);
  await sql`ALTER TABLE ledger_accounts DROP COLUMN wallet`.execute(db);
}
