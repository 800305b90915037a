import { type Kysely, sql } from 'kysely';

/**
 * Play rollups (module `play-rollups`, a consumer of the event stream): settled rounds summed
 * per member, and per agent (the member's upline), per UTC day and game category.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE play_member_daily (
      member_id bigint NOT NULL,
      day date NOT NULL,
      game_category text NOT NULL,
      currency text NOT NULL,
      merchant_code text NOT NULL,
      rounds bigint NOT NULL DEFAULT 0,
      stake_minor bigint NOT NULL DEFAULT 0,
      valid_bet_minor bigint NOT NULL DEFAULT 0,
      win_minor bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, day, game_category, currency)
    )
  `.execute(db);
  await sql`
    CREATE TABLE play_agent_daily (
      agent_member_id bigint NOT NULL,
      day date NOT NULL,
      game_category text NOT NULL,
      currency text NOT NULL,
      merchant_code text NOT NULL,
      rounds bigint NOT NULL DEFAULT 0,
      stake_minor bigint NOT NULL DEFAULT 0,
      valid_bet_minor bigint NOT NULL DEFAULT 0,
      win_minor bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (agent_member_id, day, game_category, currency)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE play_agent_daily`.execute(db);
  await sql`DROP TABLE play_member_daily`.execute(db);
}
