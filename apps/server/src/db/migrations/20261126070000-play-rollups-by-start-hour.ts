import { type Kysely, sql } from 'kysely';

/**
 * Play rollups keyed the way the betting records count: by the UTC hour in which a round
 * STARTED (the records' day is a calendar day of the caller's time zone, by start time; any
 * whole-hour zone's day is a whole number of UTC hours). The rows written so far were keyed by
 * the settlement day, so they are rebuilt: emptied, and the consumer's checkpoint goes back to the
 * start of the stream, which it replays with the new key. Settled rounds whose event is not in the
 * table (settled before the stream began, or already pruned) are added from `game_rounds`, once.
 * Also a partial index for the records: a member's rounds that are not settled (open or
 * cancelled) are never in the rollups, so the records read them raw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A running batch of the consumer holds its checkpoint row: wait for it, then hold it.
  await sql`SELECT name FROM event_consumers WHERE name = 'play-rollups' FOR UPDATE`.execute(db);
  for (const table of ['play_member_daily', 'play_agent_daily']) {
    const party = table === 'play_member_daily' ? 'member_id' : 'agent_member_id';
    await sql`DELETE FROM ${sql.table(table)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_pkey`)}`.execute(
      db,
    );
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN hour smallint NOT NULL DEFAULT 0 CHECK (hour BETWEEN 0 AND 23)
    `.execute(db);
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD PRIMARY KEY (${sql.ref(party)}, day, hour, game_category, currency)
    `.execute(db);
  }
  await sql`
    UPDATE event_consumers SET last_xact_id = '0', last_event_id = 0, applied_count = 0,
      updated_at = now()
    WHERE name = 'play-rollups'
  `.execute(db);
  await backfillRoundsOutsideTheStream(db);
  await sql`
    CREATE INDEX game_rounds_member_unsettled_idx ON game_rounds (member_id, started_at)
    WHERE status <> 'settled'
  `.execute(db);
}

/**
 * Settled rounds whose `round.settled` event is not in the stream go into the rollups directly,
 * per member and per upline: those settled before the events migration ran, and any whose event
 * was already pruned. Every other settled round has its event in the table, which the consumer
 * replays; a round and its event commit together, so each settled round is counted once.
 */
async function backfillRoundsOutsideTheStream(db: Kysely<unknown>): Promise<void> {
  const unevented = sql`
    SELECT r.member_id, m.upline_member_id, r.merchant_code, r.game_type, r.currency,
      (r.started_at AT TIME ZONE 'UTC')::date AS day,
      extract(hour FROM r.started_at AT TIME ZONE 'UTC')::smallint AS hour,
      r.stake_minor, greatest(r.stake_minor - r.refunded_minor, 0) AS valid_bet_minor,
      r.win_minor
    FROM game_rounds r JOIN members m ON m.id = r.member_id
    WHERE r.status = 'settled'
      AND NOT EXISTS (
        SELECT 1 FROM events e WHERE e.type = 'round.settled'
          AND e.payload->>'vassalage' = r.vassalage AND e.payload->>'roundRef' = r.round_ref)
  `;
  for (const [table, party] of [
    ['play_member_daily', 'member_id'],
    ['play_agent_daily', 'upline_member_id'],
  ] as const) {
    const column = table === 'play_member_daily' ? 'member_id' : 'agent_member_id';
    await sql`
      INSERT INTO ${sql.table(table)} (${sql.ref(column)}, day, hour, game_category, currency,
        merchant_code, rounds, stake_minor, valid_bet_minor, win_minor)
      SELECT u.${sql.ref(party)}, u.day, u.hour, u.game_type, u.currency, min(u.merchant_code),
        count(*), sum(u.stake_minor), sum(u.valid_bet_minor), sum(u.win_minor)
      FROM (${unevented}) u
      WHERE u.${sql.ref(party)} IS NOT NULL
      GROUP BY u.${sql.ref(party)}, u.day, u.hour, u.game_type, u.currency
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX game_rounds_member_unsettled_idx`.execute(db);
  for (const table of ['play_member_daily', 'play_agent_daily']) {
    const party = table === 'play_member_daily' ? 'member_id' : 'agent_member_id';
    await sql`DELETE FROM ${sql.table(table)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_pkey`)}`.execute(
      db,
    );
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN hour`.execute(db);
    await sql`
      ALTER TABLE ${sql.table(table)} ADD PRIMARY KEY (${sql.ref(party)}, day, game_category, currency)
    `.execute(db);
  }
  await sql`
    UPDATE event_consumers SET last_xact_id = '0', last_event_id = 0, applied_count = 0
    WHERE name = 'play-rollups'
  `.execute(db);
}
