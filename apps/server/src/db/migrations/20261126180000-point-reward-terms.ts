import { type Kysely, sql } from 'kysely';

/**
 * The point mall's reward terms (issue 20): a bonus reward's wagering multiple (the bonus engine
 * holds the member to it), and a free-spins reward's game, number of spins and bet per line (the
 * free-spins module grants them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE point_rewards
      ADD COLUMN wagering_multiple integer NOT NULL DEFAULT 1
        CHECK (wagering_multiple BETWEEN 0 AND 100),
      ADD COLUMN free_spins_game_code text CHECK (length(free_spins_game_code) BETWEEN 1 AND 60),
      ADD COLUMN free_spins_count integer CHECK (free_spins_count BETWEEN 1 AND 500),
      ADD COLUMN free_spins_bet_per_line_minor bigint
        CHECK (free_spins_bet_per_line_minor > 0)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE point_rewards
      DROP COLUMN wagering_multiple,
      DROP COLUMN free_spins_game_code,
      DROP COLUMN free_spins_count,
      DROP COLUMN free_spins_bet_per_line_minor
  `.execute(db);
}
