import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { down, up } from '../../src/db/migrations/20261126070000-play-rollups-by-start-hour.js';
import { createEventsService } from '../../src/modules/events/index.js';
import { createServices } from '../../src/services.js';
import { BASE_MERCHANT_CODE } from '../fixtures/base-merchant.js';
import {
  type FixtureGame,
  fixtureGameQueries,
  fixtureRoundQuery,
  runFixtureQueries,
} from '../game-round-fixtures.js';
import { insertMembers } from '../ledger-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const game: FixtureGame = {
  merchantCode: BASE_MERCHANT_CODE,
  vassalage: 'REKEY',
  vendorName: 'Rekey',
  gameCode: 'rekey-slot',
  gameType: 'RNG',
  names: { EN: 'Rekey slot' },
};

/** Rollup rows of one table as `party|day|hour|rounds|stake|valid|win`. */
async function rows(db: Db, table: 'play_member_daily' | 'play_agent_daily') {
  const party = table === 'play_member_daily' ? sql.ref('member_id') : sql.ref('agent_member_id');
  const result = await sql<{ row: string }>`
    SELECT concat_ws('|', ${party}, to_char(day, 'YYYY-MM-DD'), hour, rounds, stake_minor,
      valid_bet_minor, win_minor) AS row
    FROM ${sql.table(table)} ORDER BY 1
  `.execute(db);
  return result.rows.map((row) => row.row);
}

describe('migration 20261126070000: play rollups keyed by the UTC hour of the start', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('rebuilds the rows by replaying the stream and adds the rounds settled before it', async () => {
    const db = database.db;
    await down(db as unknown as Kysely<unknown>);
    const [agent, member] = (await insertMembers(db, 2, 'rekey')) as [bigint, bigint];
    await sql`UPDATE members SET upline_member_id = ${agent.toString()}::bigint
      WHERE id = ${member.toString()}`.execute(db);
    const dayMs = Math.floor(Date.now() / DAY_MS) * DAY_MS - 5 * DAY_MS;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const round = (roundRef: string, startedAtMs: number, settledAtMs: number) =>
      fixtureRoundQuery({
        merchantCode: BASE_MERCHANT_CODE,
        memberId: member,
        vassalage: game.vassalage,
        gameCode: game.gameCode,
        gameType: game.gameType,
        roundRef,
        stakeMinor: 1_000n,
        refundedMinor: 400n,
        winMinor: 3_000n,
        startedAt: new Date(startedAtMs),
        settledAt: new Date(settledAtMs),
      });
    await runFixtureQueries(db, [
      ...fixtureGameQueries(game),
      // Settled before the stream began: no event.
      round('before-stream', dayMs + 23.5 * HOUR_MS, dayMs + 24.5 * HOUR_MS),
      // Settled through the stream two days after it started.
      round('in-stream', dayMs + 10.25 * HOUR_MS, dayMs + 2 * DAY_MS),
      // Still open: never rolled up.
    ]);
    await sql`DELETE FROM events WHERE payload->>'roundRef' = 'before-stream'`.execute(db);
    // What the old consumer left: the in-stream round on its settlement day, checkpoint past it.
    await sql`
      INSERT INTO play_member_daily (member_id, day, game_category, currency, merchant_code, rounds,
        stake_minor, valid_bet_minor, win_minor)
      VALUES (${member.toString()}, ${day(dayMs + 2 * DAY_MS)}, 'RNG', 'VND', ${BASE_MERCHANT_CODE},
        1, 1000, 600, 3000)
    `.execute(db);
    await sql`
      INSERT INTO event_consumers (name, last_xact_id, last_event_id, applied_count)
      SELECT 'play-rollups', max(xact_id), max(id), 1 FROM events
    `.execute(db);

    await db.transaction().execute((trx) => up(trx as unknown as Kysely<unknown>));
    const beforeStream = `${day(dayMs)}|23|1|1000|600|3000`;
    expect(await rows(db, 'play_member_daily')).toEqual([`${member}|${beforeStream}`]);
    expect(await rows(db, 'play_agent_daily')).toEqual([`${agent}|${beforeStream}`]);
    const checkpoint = await sql<{ id: string }>`
      SELECT last_event_id::text AS id FROM event_consumers WHERE name = 'play-rollups'`.execute(
      db,
    );
    expect(checkpoint.rows[0]?.id).toBe('0');

    const consumer = createServices(db).playRollups.consumer;
    await createEventsService(db, { consumers: [consumer] }).runAll();
    const inStream = `${day(dayMs)}|10|1|1000|600|3000`;
    expect(await rows(db, 'play_member_daily')).toEqual([
      `${member}|${inStream}`,
      `${member}|${beforeStream}`,
    ]);
    expect(await rows(db, 'play_agent_daily')).toEqual([
      `${agent}|${inStream}`,
      `${agent}|${beforeStream}`,
    ]);
  });
});
