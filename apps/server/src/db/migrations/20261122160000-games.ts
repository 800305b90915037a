import { type Kysely, sql } from 'kysely';

/**
 * Game providers, the games each merchant offers, favourites, recent games and game rounds.
 * Providers are global integrations; a merchant offers a provider's games as a vendor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE game_providers (
      code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_]{1,40}$'),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      -- builtin: served by this project and paid in-process; http: an outside provider that
      -- calls the signed seamless-wallet API.
      integration text NOT NULL CHECK (integration IN ('builtin', 'http')),
      wallet_mode text NOT NULL CHECK (wallet_mode IN ('seamless', 'transfer')),
      -- Where a launch sends the player; the launch token is added as a query parameter.
      launch_url text NOT NULL,
      -- HMAC-SHA256 key of the provider's signed calls (http providers).
      api_secret text,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (integration = 'builtin' OR api_secret IS NOT NULL)
    )
  `.execute(db);
  await sql`
    CREATE TABLE game_vendors (
      merchant_code text NOT NULL REFERENCES merchants (code),
      vassalage text NOT NULL REFERENCES game_providers (code),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      is_hot boolean NOT NULL DEFAULT false,
      is_new boolean NOT NULL DEFAULT false,
      enabled boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      -- Transfer-mode vendors: the member's wallet at this vendor (vendor_wallets.code).
      wallet_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, vassalage),
      FOREIGN KEY (merchant_code, wallet_code) REFERENCES vendor_wallets (merchant_code, code)
    )
  `.execute(db);
  await sql`
    CREATE TABLE games (
      node_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL,
      vassalage text NOT NULL,
      game_code text NOT NULL CHECK (length(game_code) BETWEEN 1 AND 80),
      game_type text NOT NULL
        CHECK (game_type IN ('ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'INHOUSE')),
      game_classify text CHECK (length(game_classify) <= 40),
      is_game text NOT NULL DEFAULT 'GAME' CHECK (is_game IN ('GAME', 'VASSALAGE')),
      parent_node_id bigint REFERENCES games (node_id),
      min_bet_minor bigint NOT NULL DEFAULT 100 CHECK (min_bet_minor > 0),
      min_line_num integer NOT NULL DEFAULT 1 CHECK (min_line_num >= 0),
      icon_url text NOT NULL,
      -- Declared return to player in basis points (9650 = 96.50 %).
      rtp_bp integer CHECK (rtp_bp BETWEEN 0 AND 10000),
      is_hot boolean NOT NULL DEFAULT false,
      is_new boolean NOT NULL DEFAULT false,
      enabled boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, vassalage, game_code),
      FOREIGN KEY (merchant_code, vassalage) REFERENCES game_vendors (merchant_code, vassalage)
    )
  `.execute(db);
  await sql`CREATE INDEX games_list_idx ON games (merchant_code, game_type, vassalage, sort_order, node_id)`.execute(
    db,
  );
  await sql`CREATE INDEX games_parent_idx ON games (parent_node_id) WHERE parent_node_id IS NOT NULL`.execute(
    db,
  );
  // Names and rules per language; search by name looks at every language.
  await sql`
    CREATE TABLE game_texts (
      node_id bigint NOT NULL REFERENCES games (node_id) ON DELETE CASCADE,
      language text NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      -- Sanitized HTML.
      rules_html text NOT NULL DEFAULT '',
      PRIMARY KEY (node_id, language)
    )
  `.execute(db);
  await sql`CREATE INDEX game_texts_name_idx ON game_texts (lower(name) text_pattern_ops)`.execute(
    db,
  );
  await sql`
    CREATE TABLE member_favourite_games (
      member_id bigint NOT NULL REFERENCES members (id),
      node_id bigint NOT NULL REFERENCES games (node_id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, node_id)
    )
  `.execute(db);
  await sql`
    CREATE TABLE member_recent_games (
      member_id bigint NOT NULL REFERENCES members (id),
      node_id bigint NOT NULL REFERENCES games (node_id),
      played_at timestamptz NOT NULL DEFAULT now(),
      launches integer NOT NULL DEFAULT 1,
      PRIMARY KEY (member_id, node_id)
    )
  `.execute(db);
  await sql`CREATE INDEX member_recent_games_idx ON member_recent_games (member_id, played_at DESC)`.execute(
    db,
  );
  // One round of a game as the provider reports it; bets and wins of the round add up here.
  await sql`
    CREATE TABLE game_rounds (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      vassalage text NOT NULL REFERENCES game_providers (code),
      node_id bigint REFERENCES games (node_id),
      game_type text NOT NULL,
      -- The provider's id of the round, unique per provider.
      round_ref text NOT NULL CHECK (length(round_ref) BETWEEN 1 AND 100),
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'cancelled')),
      stake_minor bigint NOT NULL DEFAULT 0 CHECK (stake_minor >= 0),
      win_minor bigint NOT NULL DEFAULT 0 CHECK (win_minor >= 0),
      -- Stakes refunded by rollbacks.
      refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0),
      -- What is needed to show and replay the round (provider-defined JSON, bounded in size).
      detail jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (pg_column_size(detail) <= 65536),
      started_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (vassalage, round_ref)
    )
  `.execute(db);
  await sql`CREATE INDEX game_rounds_member_idx ON game_rounds (member_id, started_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX game_rounds_wins_idx ON game_rounds (merchant_code, settled_at DESC) WHERE win_minor > 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'game_rounds',
    'member_recent_games',
    'member_favourite_games',
    'game_texts',
    'games',
    'game_vendors',
    'game_providers',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
