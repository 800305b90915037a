import { type Kysely, sql } from 'kysely';

/**
 * The sandbox game provider's own records, kept as an outside provider would keep them: its
 * player sessions (each tied to one platform game session) and its rounds with the money calls
 * it owes the platform (a win or a rollback still to be acknowledged is retried by a job).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sandbox_provider_sessions (
      -- SHA-256 (hex) of the token the play page holds; the token itself is never stored.
      token_hash text PRIMARY KEY CHECK (length(token_hash) = 64),
      -- The platform's game session (from authenticate); sent only to the platform.
      platform_session_id text NOT NULL CHECK (length(platform_session_id) <= 200),
      game_code text NOT NULL CHECK (length(game_code) <= 80),
      node_id bigint,
      room_id text CHECK (length(room_id) <= 80),
      currency text NOT NULL CHECK (length(currency) <= 8),
      language text NOT NULL CHECK (length(language) <= 8),
      -- hi-lo: the card on the table (1 ace .. 13 king); null while a round holds it.
      hilo_card smallint CHECK (hilo_card BETWEEN 1 AND 13),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX sandbox_provider_sessions_used_idx ON sandbox_provider_sessions (last_used_at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE sandbox_provider_rounds (
      round_id text PRIMARY KEY CHECK (length(round_id) <= 100),
      token_hash text NOT NULL,
      platform_session_id text NOT NULL,
      game_code text NOT NULL,
      stake_minor bigint NOT NULL CHECK (stake_minor > 0),
      win_minor bigint CHECK (win_minor >= 0),
      -- bet_pending: bet sent, no answer; refused: the platform refused the bet (nothing moved);
      -- win_pending: bet taken, outcome decided, win not yet acknowledged; settled: win taken;
      -- rollback_pending: the bet's fate is unknown, a rollback is owed; rolled_back: done.
      status text NOT NULL CHECK (status IN
        ('bet_pending', 'refused', 'win_pending', 'settled', 'rollback_pending', 'rolled_back')),
      -- The choice, the outcome and the multiplier: what the round shows and replays.
      detail jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (pg_column_size(detail) <= 8192),
      balance_minor bigint,
      error_code text,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX sandbox_provider_rounds_owed_idx ON sandbox_provider_rounds (next_attempt_at) WHERE status IN ('win_pending', 'rollback_pending')`.execute(
    db,
  );
  await sql`CREATE INDEX sandbox_provider_rounds_session_idx ON sandbox_provider_rounds (token_hash, created_at DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sandbox_provider_rounds`.execute(db);
  await sql`DROP TABLE sandbox_provider_sessions`.execute(db);
}
