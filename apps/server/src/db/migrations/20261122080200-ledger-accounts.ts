import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Balances live here and change only through ledger transfers (added with the wallet).
  // A member's balance can never go negative, whatever code runs against the table.
  await sql`
    CREATE TABLE ledger_accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      currency char(3) NOT NULL,
      asset text NOT NULL CHECK (asset IN ('cash', 'bonus', 'points')),
      owner_kind text NOT NULL CHECK (owner_kind IN ('member', 'system')),
      member_id bigint REFERENCES members (id),
      code text,
      balance_minor bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((owner_kind = 'member') = (member_id IS NOT NULL)),
      CHECK ((owner_kind = 'system') = (code IS NOT NULL)),
      CHECK (owner_kind <> 'member' OR balance_minor >= 0)
    )
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX ledger_accounts_member_idx
      ON ledger_accounts (member_id, asset, currency) WHERE member_id IS NOT NULL
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX ledger_accounts_system_idx
      ON ledger_accounts (merchant_code, code, asset, currency) WHERE code IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_accounts`.execute(db);
}
