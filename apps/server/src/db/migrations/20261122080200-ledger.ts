import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Balances change only through ledger transfers. A member account's available balance
  // (posted balance less what pending transfers hold) can never go negative, whatever code runs
  // against the table. System accounts (house, clearing, promotions) may go negative: the sum of
  // every balance of an asset and currency is zero.
  await sql`
    CREATE TABLE ledger_accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      currency char(3) NOT NULL,
      asset text NOT NULL CHECK (asset IN ('cash', 'bonus', 'points')),
      owner_kind text NOT NULL CHECK (owner_kind IN ('member', 'system')),
      member_id bigint REFERENCES members (id),
      code text CHECK (length(code) <= 100),
      shard smallint NOT NULL DEFAULT 0 CHECK (shard >= 0),
      balance_minor bigint NOT NULL DEFAULT 0,
      held_minor bigint NOT NULL DEFAULT 0 CHECK (held_minor >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((owner_kind = 'member') = (member_id IS NOT NULL)),
      CHECK ((owner_kind = 'system') = (code IS NOT NULL)),
      CONSTRAINT member_available_not_negative
        CHECK (owner_kind <> 'member' OR balance_minor - held_minor >= 0)
    )
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX ledger_accounts_member_idx
      ON ledger_accounts (member_id, asset, currency) WHERE member_id IS NOT NULL
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX ledger_accounts_system_idx
      ON ledger_accounts (merchant_code, code, asset, currency, shard) WHERE code IS NOT NULL
  `.execute(db);

  // A transfer's id is its idempotency key: the same id twice is one transfer.
  await sql`
    CREATE TABLE ledger_transfers (
      id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 200),
      merchant_code text NOT NULL REFERENCES merchants (code),
      debit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
      credit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      code text NOT NULL CHECK (length(code) BETWEEN 1 AND 40),
      reference text NOT NULL DEFAULT '' CHECK (length(reference) <= 200),
      kind text NOT NULL CHECK (kind IN ('single', 'pending', 'post_pending', 'void_pending')),
      status text NOT NULL CHECK (status IN ('posted', 'pending', 'voided', 'expired', 'completed')),
      pending_id text REFERENCES ledger_transfers (id),
      posted_amount_minor bigint CHECK (posted_amount_minor >= 0),
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      CHECK (debit_account_id <> credit_account_id),
      CHECK ((kind IN ('post_pending', 'void_pending')) = (pending_id IS NOT NULL))
    )
  `.execute(db);
  // A pending transfer is resolved once: at most one post or void may point at it.
  await sql`
    CREATE UNIQUE INDEX ledger_transfers_pending_resolution_idx
      ON ledger_transfers (pending_id) WHERE pending_id IS NOT NULL
  `.execute(db);
  await sql`
    CREATE INDEX ledger_transfers_open_pending_idx
      ON ledger_transfers (expires_at) WHERE status = 'pending'
  `.execute(db);

  // One row per account touched by a posted movement, with the balance after it (statements).
  await sql`
    CREATE TABLE ledger_entries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transfer_id text NOT NULL REFERENCES ledger_transfers (id),
      account_id bigint NOT NULL REFERENCES ledger_accounts (id),
      amount_minor bigint NOT NULL CHECK (amount_minor <> 0),
      balance_after_minor bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id)`.execute(db);
  await sql`CREATE INDEX ledger_entries_transfer_idx ON ledger_entries (transfer_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_entries`.execute(db);
  await sql`DROP TABLE ledger_transfers`.execute(db);
  await sql`DROP TABLE ledger_accounts`.execute(db);
}
