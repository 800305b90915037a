import { type Kysely, sql } from 'kysely';

/**
 * The agent centre's team rollups (module `agent`, consumer `agent-team-rollups`): what the
 * team reports read instead of rounds and payments. Every row is keyed by an UPLINE of the member
 * who played or paid (each of the member's ancestors in `member_tree` at apply time, depth 1 and
 * up), so a team report over any downline is one range of one primary key:
 *
 * - `agent_team_play_hourly`: rounds, stake, valid bet and win per UTC day and hour of the
 *   round's start, game category and currency;
 * - `agent_team_money_daily`: deposits and withdrawals (sum and count) per UTC day and currency;
 * - `agent_team_active_daily`: which members of the team played on a UTC day (active members);
 * - `agent_team_transactions`: each deposit, withdrawal and member transfer of the team, one row
 *   per upline, for the transaction details page (newest first by `(ancestor_id, occurred_at,
 *   event_id)`);
 * - `agent_member_money_daily`: deposits and withdrawals per member, UTC day and currency (the
 *   user profit and loss page; the member's play is `play_member_daily`).
 *
 * Settled rounds whose event is not in the stream (settled before it began, or pruned) are
 * added to the play rollups here, once; the consumer replays the rest from the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_team_play_hourly (
      ancestor_id bigint NOT NULL,
      day date NOT NULL,
      hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
      game_category text NOT NULL,
      currency text NOT NULL,
      merchant_code text NOT NULL,
      rounds bigint NOT NULL,
      stake_minor bigint NOT NULL,
      valid_bet_minor bigint NOT NULL,
      win_minor bigint NOT NULL,
      PRIMARY KEY (ancestor_id, day, hour, game_category, currency)
    )
  `.execute(db);
  await sql`
    CREATE TABLE agent_team_money_daily (
      ancestor_id bigint NOT NULL,
      day date NOT NULL,
      currency text NOT NULL,
      deposit_minor bigint NOT NULL DEFAULT 0,
      deposit_count integer NOT NULL DEFAULT 0,
      withdrawal_minor bigint NOT NULL DEFAULT 0,
      withdrawal_count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (ancestor_id, day, currency)
    )
  `.execute(db);
  await sql`
    CREATE TABLE agent_member_money_daily (
      member_id bigint NOT NULL,
      day date NOT NULL,
      currency text NOT NULL,
      deposit_minor bigint NOT NULL DEFAULT 0,
      deposit_count integer NOT NULL DEFAULT 0,
      withdrawal_minor bigint NOT NULL DEFAULT 0,
      withdrawal_count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, day, currency)
    )
  `.execute(db);
  await sql`
    CREATE TABLE agent_team_active_daily (
      ancestor_id bigint NOT NULL,
      day date NOT NULL,
      member_id bigint NOT NULL,
      PRIMARY KEY (ancestor_id, day, member_id)
    )
  `.execute(db);
  await sql`
    CREATE TABLE agent_team_transactions (
      ancestor_id bigint NOT NULL,
      event_id bigint NOT NULL,
      member_id bigint NOT NULL,
      kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'transfer')),
      amount_minor bigint NOT NULL,
      currency text NOT NULL,
      occurred_at timestamptz NOT NULL,
      PRIMARY KEY (ancestor_id, event_id, member_id)
    )
  `.execute(db);
  await sql`
    CREATE INDEX agent_team_transactions_time_idx
      ON agent_team_transactions (ancestor_id, occurred_at DESC, event_id DESC)
  `.execute(db);
  await backfillRoundsOutsideTheStream(db);
}

/** As migration 20261126070000 does for the play rollups, per upline at every depth. */
async function backfillRoundsOutsideTheStream(db: Kysely<unknown>): Promise<void> {
  const unevented = sql`
    SELECT t.ancestor_id, r.member_id, r.merchant_code, r.game_type, r.currency,
      (r.started_at AT TIME ZONE 'UTC')::date AS day,
      extract(hour FROM r.started_at AT TIME ZONE 'UTC')::smallint AS hour,
      r.stake_minor, greatest(r.stake_minor - r.refunded_minor, 0) AS valid_bet_minor, r.win_minor
    FROM game_rounds r JOIN member_tree t ON t.member_id = r.member_id AND t.depth > 0
    WHERE r.status = 'settled'
      AND NOT EXISTS (
        SELECT 1 FROM events e WHERE e.type = 'round.settled'
          AND e.payload->>'vassalage' = r.vassalage AND e.payload->>'roundRef' = r.round_ref)
  `;
  await sql`
    INSERT INTO agent_team_play_hourly (ancestor_id, day, hour, game_category, currency,
      merchant_code, rounds, stake_minor, valid_bet_minor, win_minor)
    SELECT u.ancestor_id, u.day, u.hour, u.game_type, u.currency, min(u.merchant_code), count(*),
      sum(u.stake_minor), sum(u.valid_bet_minor), sum(u.win_minor)
    FROM (${unevented}) u
    GROUP BY u.ancestor_id, u.day, u.hour, u.game_type, u.currency
  `.execute(db);
  await sql`
    INSERT INTO agent_team_active_daily (ancestor_id, day, member_id)
    SELECT DISTINCT u.ancestor_id, u.day, u.member_id FROM (${unevented}) u
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'agent_team_transactions',
    'agent_team_active_daily',
    'agent_member_money_daily',
    'agent_team_money_daily',
    'agent_team_play_hourly',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
