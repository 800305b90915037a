import { type Kysely, sql } from 'kysely';

/**
 * The winner board's read model (module `games`, a consumer of the event stream): the winning
 * settled rounds of real members, kept for the board's look-back window. The games module reads
 * the board from its own tables instead of joining the providers' rounds and the members.
 * Backfilled from the rounds of the last 7 days (the board's window); the consumer then applies
 * the retained `round.settled` events, and the unique round key makes a round seen twice one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE game_big_wins (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL,
      vassalage text NOT NULL,
      round_ref text NOT NULL,
      node_id bigint NOT NULL,
      member_id bigint NOT NULL,
      username text NOT NULL,
      win_minor bigint NOT NULL CHECK (win_minor > 0),
      net_stake_minor bigint NOT NULL,
      settled_at timestamptz NOT NULL,
      UNIQUE (vassalage, round_ref)
    )
  `.execute(db);
  await sql`
    CREATE INDEX game_big_wins_board_idx ON game_big_wins (merchant_code, settled_at DESC)
  `.execute(db);
  await sql`CREATE INDEX game_big_wins_age_idx ON game_big_wins (settled_at)`.execute(db);
  await sql`
    INSERT INTO game_big_wins (merchant_code, vassalage, round_ref, node_id, member_id, username,
      win_minor, net_stake_minor, settled_at)
    SELECT r.merchant_code, r.vassalage, r.round_ref, r.node_id, r.member_id, m.username,
      r.win_minor, r.stake_minor - r.refunded_minor, r.settled_at
    FROM game_rounds r JOIN members m ON m.id = r.member_id
    WHERE r.status = 'settled' AND r.win_minor > 0 AND r.node_id IS NOT NULL
      AND r.settled_at > now() - interval '7 days' AND m.type <> 4
    ORDER BY r.id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE game_big_wins`.execute(db);
}
