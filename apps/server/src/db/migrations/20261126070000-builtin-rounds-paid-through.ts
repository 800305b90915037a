import { type Kysely, sql } from 'kysely';

/**
 * How a built-in round's money moves. Rounds written before this migration paid through the
 * seamless wallet (a bet and a win, each its own transaction), and the recovery job finishes
 * them that way; new rounds move their stake and win through the ledger inside the round's one
 * transaction ('ledger'), so they are never half paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE builtin_rounds ADD COLUMN paid_through text NOT NULL DEFAULT 'seamless'
      CHECK (paid_through IN ('seamless', 'ledger'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE builtin_rounds DROP COLUMN paid_through`.execute(db);
}
