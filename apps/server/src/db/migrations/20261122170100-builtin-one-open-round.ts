import { type Kysely, sql } from 'kysely';

/**
 * One stepped round (Mines) in play per member and game: two plays sent at once cannot both
 * open one (the second is refused as BUILTIN_ROUND_IN_PROGRESS, its nonce not taken).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNIQUE INDEX builtin_rounds_one_in_play_idx ON builtin_rounds (member_id, game_code)
    WHERE kind = 'stepped' AND status IN ('pending', 'open', 'paying')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX builtin_rounds_one_in_play_idx`.execute(db);
}
