import { type Kysely, sql } from 'kysely';

/**
 * The action of each step of a stepped round (Mines), as parsed: a retried step replays only
 * when it sends the same action; another action at a step already taken is a conflict. Rounds
 * open across the upgrade have fewer actions than steps; those steps are taken on trust.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE builtin_rounds ADD COLUMN step_actions jsonb NOT NULL DEFAULT '[]'::jsonb
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE builtin_rounds DROP COLUMN step_actions`.execute(db);
}
