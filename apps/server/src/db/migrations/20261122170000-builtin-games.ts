import { type Kysely, sql } from 'kysely';

/**
 * The built-in games (docs/games-builtin.md, docs/games-fairness.md): the merchant's settings,
 * each member's provably fair seed pairs, the play shell's game sessions and the engine's rounds
 * (the money of every round also lands in `game_rounds` through the seamless wallet).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Parsed by zod with defaults (autoplay and turbo off, default limits): '{}' is a valid row.
  await sql`ALTER TABLE merchants ADD COLUMN builtin_games jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(
    db,
  );
  await sql`
    CREATE TABLE builtin_seed_pairs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members (id),
      -- next: committed (hash shown), not yet used; active: in use; retired: revealed.
      state text NOT NULL CHECK (state IN ('next', 'active', 'retired')),
      -- 32 CSPRNG bytes as hex. Never answered nor logged while next or active.
      server_seed text NOT NULL CHECK (length(server_seed) = 64),
      server_seed_hash text NOT NULL CHECK (length(server_seed_hash) = 64),
      -- Given when the pair becomes active.
      client_seed text CHECK (length(client_seed) BETWEEN 1 AND 64),
      -- The nonce the next round on this pair takes.
      nonce integer NOT NULL DEFAULT 0 CHECK (nonce >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      activated_at timestamptz,
      retired_at timestamptz,
      CHECK (state = 'next' OR client_seed IS NOT NULL)
    )
  `.execute(db);
  await sql`CREATE UNIQUE INDEX builtin_seed_pairs_active_idx ON builtin_seed_pairs (member_id) WHERE state = 'active'`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX builtin_seed_pairs_next_idx ON builtin_seed_pairs (member_id) WHERE state = 'next'`.execute(
    db,
  );
  await sql`
    CREATE TABLE builtin_game_sessions (
      -- SHA-256 (hex) of the game session the play page holds.
      token_hash text PRIMARY KEY CHECK (length(token_hash) = 64),
      -- The seamless wallet's session (from authenticate), used for bet and win only.
      wallet_session_id text NOT NULL CHECK (length(wallet_session_id) <= 200),
      merchant_code text NOT NULL,
      member_id bigint NOT NULL REFERENCES members (id),
      node_id bigint NOT NULL,
      game_code text NOT NULL CHECK (length(game_code) <= 80),
      currency text NOT NULL CHECK (length(currency) <= 8),
      language text NOT NULL CHECK (length(language) <= 8),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX builtin_game_sessions_used_idx ON builtin_game_sessions (last_used_at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE builtin_rounds (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id bigint NOT NULL REFERENCES members (id),
      game_code text NOT NULL CHECK (length(game_code) <= 80),
      session_token_hash text NOT NULL REFERENCES builtin_game_sessions (token_hash),
      client_round_id text NOT NULL CHECK (length(client_round_id) <= 64),
      kind text NOT NULL CHECK (kind IN ('instant', 'stepped')),
      -- pending: decided, bet not yet taken; open: a stepped round in play; paying: finished,
      -- win owed; settled; cancelled (the bet was refused or rolled back).
      status text NOT NULL CHECK (status IN ('pending', 'open', 'paying', 'settled', 'cancelled')),
      params jsonb NOT NULL,
      params_fingerprint text NOT NULL,
      seed_pair_id bigint NOT NULL REFERENCES builtin_seed_pairs (id),
      nonce integer NOT NULL CHECK (nonce >= 0),
      stake_minor bigint NOT NULL CHECK (stake_minor > 0),
      payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
      payout_capped boolean NOT NULL DEFAULT false,
      -- The merchant's maximum payout when the round began: a step or the recovery job caps to it.
      max_payout_minor bigint NOT NULL CHECK (max_payout_minor > 0),
      outcome jsonb NOT NULL,
      view jsonb,
      -- A stepped game's hidden state: never answered while the round is open.
      state jsonb,
      steps integer NOT NULL DEFAULT 0,
      error_code text,
      -- Finished by the recovery job: answered once as the session's resumeRound.
      resume_pending boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      UNIQUE (member_id, client_round_id),
      UNIQUE (seed_pair_id, nonce)
    )
  `.execute(db);
  await sql`CREATE INDEX builtin_rounds_history_idx ON builtin_rounds (member_id, game_code, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX builtin_rounds_unfinished_idx ON builtin_rounds (updated_at) WHERE status IN ('pending', 'open', 'paying')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE builtin_rounds`.execute(db);
  await sql`DROP TABLE builtin_game_sessions`.execute(db);
  await sql`DROP TABLE builtin_seed_pairs`.execute(db);
  await sql`ALTER TABLE merchants DROP COLUMN builtin_games`.execute(db);
}
