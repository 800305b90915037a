import { type Kysely, sql } from 'kysely';

/**
 * What the catalogue needs beyond the games tables: the rooms of player-versus-player games, a
 * folded search key per game name (so a search finds names in any language, whatever the
 * database's locale, and 'xuc xac' finds 'Xúc Xắc'), and the indexes of the popular list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Lower-cased, accents stripped, filled by the games repository on every write; '' for rows
  // written elsewhere, which the search still finds through lower(name).
  await sql`ALTER TABLE game_texts ADD COLUMN search_name text NOT NULL DEFAULT ''`.execute(db);
  await sql`
    CREATE TABLE pvp_rooms (
      merchant_code text NOT NULL REFERENCES merchants (code),
      room_id text NOT NULL CHECK (room_id ~ '^[a-z0-9-]{1,80}$'),
      node_id bigint NOT NULL REFERENCES games (node_id),
      -- Room name per language code: {"EN": "Bronze table", "VI": "Bàn Đồng"}.
      names jsonb NOT NULL CHECK (jsonb_typeof(names) = 'object'),
      min_bet_minor bigint NOT NULL CHECK (min_bet_minor > 0),
      max_bet_minor bigint NOT NULL CHECK (max_bet_minor >= min_bet_minor),
      seats integer NOT NULL CHECK (seats BETWEEN 2 AND 100),
      -- Seated players as the provider last reported them.
      players integer NOT NULL DEFAULT 0 CHECK (players >= 0),
      closed boolean NOT NULL DEFAULT false,
      enabled boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, room_id)
    )
  `.execute(db);
  await sql`CREATE INDEX pvp_rooms_node_idx ON pvp_rooms (node_id)`.execute(db);
  // Popular games: the launches of the last days, whoever launched them.
  await sql`
    CREATE INDEX member_recent_games_played_idx ON member_recent_games (played_at)
    INCLUDE (node_id, launches)
  `.execute(db);
  // Lobby pages across vendors: the merchant's games in display order.
  await sql`CREATE INDEX games_order_idx ON games (merchant_code, sort_order, node_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX games_order_idx`.execute(db);
  await sql`DROP INDEX member_recent_games_played_idx`.execute(db);
  await sql`DROP TABLE pvp_rooms`.execute(db);
  await sql`ALTER TABLE game_texts DROP COLUMN search_name`.execute(db);
}
