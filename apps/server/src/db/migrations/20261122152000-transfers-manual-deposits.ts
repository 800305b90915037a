import { type Kysely, sql } from 'kysely';

/**
 * Manual bank deposits (the player pays the operator's bank account and an operator approves),
 * and transfers between members (to the upline, from an agent to a direct downline).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_kind_check`.execute(db);
  // A manual method carries the operator's bank details, shown to the player as they are.
  await sql`
    ALTER TABLE payment_methods
      ADD CONSTRAINT payment_methods_kind_check CHECK (kind IN ('sandbox', 'manual_bank')),
      ADD COLUMN bank_details jsonb,
      ADD CONSTRAINT payment_methods_bank_details_check
        CHECK (kind <> 'manual_bank' OR bank_details IS NOT NULL)
  `.execute(db);

  // 'approving': an operator claimed the deposit and the credit is under way (decides races
  // between approve and reject); 'rejected': an operator refused it.
  await sql`ALTER TABLE deposits DROP CONSTRAINT deposits_status_check`.execute(db);
  await sql`
    ALTER TABLE deposits
      ADD CONSTRAINT deposits_status_check
        CHECK (status IN ('pending', 'approving', 'completed', 'failed', 'rejected')),
      ADD COLUMN payer_reference text CHECK (length(payer_reference) <= 100),
      ADD COLUMN claimed_at timestamptz,
      ADD COLUMN resolved_by_operator_id bigint,
      ADD COLUMN reject_reason text CHECK (length(reject_reason) <= 500)
  `.execute(db);
  await sql`CREATE INDEX deposits_status_idx ON deposits (merchant_code, status, created_at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE transfer_settings (
      merchant_code text PRIMARY KEY REFERENCES merchants (code),
      min_amount_minor bigint NOT NULL CHECK (min_amount_minor > 0),
      max_amount_minor bigint NOT NULL CHECK (max_amount_minor >= min_amount_minor),
      daily_max_minor bigint NOT NULL CHECK (daily_max_minor >= max_amount_minor)
    )
  `.execute(db);
  // One row per member-to-member transfer; the money moves in the ledger transfer
  // 'member-transfer:<id>'. 'pending' until the ledger transfer is done: a retry with the same
  // key finishes it.
  await sql`
    CREATE TABLE member_transfers (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      from_member_id bigint NOT NULL REFERENCES members (id),
      to_member_id bigint NOT NULL REFERENCES members (id),
      direction text NOT NULL CHECK (direction IN ('upline', 'downline')),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency char(3) NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'completed')),
      idempotency_key text CHECK (length(idempotency_key) <= 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (from_member_id <> to_member_id),
      UNIQUE (from_member_id, idempotency_key)
    )
  `.execute(db);
  await sql`
    CREATE INDEX member_transfers_from_idx ON member_transfers (from_member_id, created_at)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_transfers`.execute(db);
  await sql`DROP TABLE transfer_settings`.execute(db);
  await sql`DROP INDEX deposits_status_idx`.execute(db);
  await sql`
    ALTER TABLE deposits
      DROP CONSTRAINT deposits_status_check,
      DROP COLUMN payer_reference,
      DROP COLUMN claimed_at,
      DROP COLUMN resolved_by_operator_id,
      DROP COLUMN reject_reason
  `.execute(db);
  await sql`
    ALTER TABLE deposits ADD CONSTRAINT deposits_status_check
      CHECK (status IN ('pending', 'completed', 'failed'))
  `.execute(db);
  await sql`
    ALTER TABLE payment_methods
      DROP CONSTRAINT payment_methods_bank_details_check,
      DROP CONSTRAINT payment_methods_kind_check,
      DROP COLUMN bank_details
  `.execute(db);
  await sql`
    ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_kind_check
      CHECK (kind IN ('sandbox'))
  `.execute(db);
}
