import { type Kysely, sql } from 'kysely';

/**
 * Platform operators (issue 17): an operator of kind `platform` signs in at its home merchant
 * (`merchant_code`) and acts on the merchant its session names in `acting_merchant_code` (null:
 * the home merchant). Merchant operators are unchanged and never act elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE operators ADD COLUMN kind text NOT NULL DEFAULT 'merchant'
      CHECK (kind IN ('merchant', 'platform'))
  `.execute(db);
  await sql`ALTER TABLE operator_sessions ADD COLUMN acting_merchant_code text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE operator_sessions DROP COLUMN acting_merchant_code`.execute(db);
  await sql`ALTER TABLE operators DROP COLUMN kind`.execute(db);
}
