import { type Kysely, sql } from 'kysely';

/**
 * The agent programme's last operator tools (issue 18): contract templates per merchant (the
 * terms an upline may offer its downline), and operators' overrides of a contract's terms. An
 * override is a history line that keeps the terms before and after and the start of the first
 * period it applies to (`effective_from`), so that settling an earlier period reads the terms
 * that were in force then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_contract_templates (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      kind text NOT NULL CHECK (kind IN ('dividend', 'daily', 'hourly', 'realtime')),
      name text NOT NULL,
      terms jsonb NOT NULL,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, name)
    )
  `.execute(db);
  // The console's list (newest first) and the offer check (a merchant's active templates of a kind).
  await sql`
    CREATE INDEX agent_contract_templates_page ON agent_contract_templates (merchant_code, id DESC)
  `.execute(db);
  await sql`
    ALTER TABLE agent_contract_history
      ADD COLUMN operator_account text,
      ADD COLUMN terms_before jsonb,
      ADD COLUMN terms_after jsonb,
      ADD COLUMN effective_from timestamptz
  `.execute(db);
  await sql`
    CREATE INDEX agent_contract_history_overrides ON agent_contract_history (contract_id, effective_from)
      WHERE effective_from IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX agent_contract_history_overrides`.execute(db);
  await sql`
    ALTER TABLE agent_contract_history
      DROP COLUMN operator_account, DROP COLUMN terms_before, DROP COLUMN terms_after,
      DROP COLUMN effective_from
  `.execute(db);
  await sql`DROP TABLE agent_contract_templates`.execute(db);
}
