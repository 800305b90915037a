// `npm run bench:agents`: the agent centre's team reports at scale (issue 18). Builds a
// 10,000-member downline under one agent (100 sub-agents of 99 players each), writes 30 days of
// rollups worth 10,000,000 settled rounds straight into the rollup tables in bulk SQL, sends a
// sample of real `round.settled` events through the team-rollups consumer, then times the team
// reports (p50/p99 of RUNS calls each). `BENCH_ROUNDS=n` for another volume.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../apps/server/src/db/database.js';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { DEMO_MERCHANT_CODE, seedDemoMerchant } from '../apps/server/src/db/seed.js';
import { appendEvents, type NewEvent } from '../apps/server/src/modules/events/index.js';
import type { Merchant } from '../apps/server/src/modules/system/index.js';
import { createServices } from '../apps/server/src/services.js';
import { freePort } from '../apps/server/test/free-port.js';

const SUB_AGENTS = 100;
const PLAYERS_PER_SUB = 99;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000_000);
const DAYS = 30;
/** Hours a day each player plays, for the per-member rollup rows. */
const PLAYER_HOURS_PER_DAY = 3;
/** Real events sent through the consumer (not the bulk rows). */
const SAMPLE_EVENTS = 5_000;
const RUNS = 50;
const TARGET_MS = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

async function timed(run: () => Promise<unknown>) {
  await run(); // warm the cache: the figure is the query, not the first disk read
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

async function buildTree(db: Db): Promise<bigint> {
  const lead = await sql<{ id: string }>`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname, type)
    VALUES (${DEMO_MERCHANT_CODE}, 'benchlead', 'benchlead', 'x', 'benchlead', 1) RETURNING id
  `.execute(db);
  const leadId = lead.rows[0]?.id ?? '0';
  await sql`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname, type,
      upline_member_id)
    SELECT ${DEMO_MERCHANT_CODE}, 'benchsub' || n, 'benchsub' || n, 'x', 'benchsub' || n, 2,
      ${leadId}::bigint
    FROM generate_series(1, ${SUB_AGENTS}) AS n
  `.execute(db);
  await sql`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname,
      upline_member_id, created_at)
    SELECT ${DEMO_MERCHANT_CODE}, s.username || 'p' || n, s.username_normalized || 'p' || n, 'x',
      s.username || 'p' || n, s.id, now() - make_interval(days => n % ${DAYS})
    FROM members s CROSS JOIN generate_series(1, ${PLAYERS_PER_SUB}) AS n
    WHERE s.username LIKE 'benchsub%'
  `.execute(db);
  return BigInt(leadId);
}

/** 30 days of rollups whose rounds add up to ROUNDS, for the lead, each sub-agent and each player. */
async function bulkRollups(db: Db, leadId: bigint) {
  const teamCells = DAYS * 24 * 9;
  const perTeamCell = Math.max(1, Math.floor(ROUNDS / teamCells));
  // The lead's team: every hour and category of the period.
  await sql`
    INSERT INTO agent_team_play_hourly (ancestor_id, day, hour, game_category, currency, merchant_code,
      rounds, stake_minor, valid_bet_minor, win_minor)
    SELECT ${leadId.toString()}::bigint, current_date - d, h, c, 'VND', ${DEMO_MERCHANT_CODE},
      ${perTeamCell}, ${perTeamCell} * 20000, ${perTeamCell} * 20000, ${perTeamCell} * 19000
    FROM generate_series(0, ${DAYS - 1}) d, generate_series(0, 23) h,
      unnest(ARRAY['ELOTT','LOTT','LIVE','SPORTS','FISH','RNG','PVP','ESPORTS','INHOUSE']) c
  `.execute(db);
  // Each sub-agent's team: three categories.
  await sql`
    INSERT INTO agent_team_play_hourly (ancestor_id, day, hour, game_category, currency, merchant_code,
      rounds, stake_minor, valid_bet_minor, win_minor)
    SELECT s.id, current_date - d, h, c, 'VND', ${DEMO_MERCHANT_CODE}, 30, 600000, 600000, 570000
    FROM members s, generate_series(0, ${DAYS - 1}) d, generate_series(0, 23) h,
      unnest(ARRAY['LIVE','RNG','INHOUSE']) c
    WHERE s.username LIKE 'benchsub%'
  `.execute(db);
  // Each player's own hours (the user P&L), and who was active each day, under both uplines.
  await sql`
    INSERT INTO play_member_daily (member_id, day, hour, game_category, currency, merchant_code,
      rounds, stake_minor, valid_bet_minor, win_minor)
    SELECT t.member_id, current_date - d, (h * 7 + t.member_id::int) % 24, 'RNG', 'VND',
      ${DEMO_MERCHANT_CODE}, 10, 200000, 200000, 190000
    FROM member_tree t, generate_series(0, ${DAYS - 1}) d, generate_series(0, ${PLAYER_HOURS_PER_DAY - 1}) h
    WHERE t.ancestor_id = ${leadId.toString()}::bigint AND t.depth = 2
  `.execute(db);
  await sql`
    INSERT INTO agent_team_active_daily (ancestor_id, day, member_id)
    SELECT t.ancestor_id, current_date - d, t.member_id
    FROM member_tree t, generate_series(0, ${DAYS - 1}) d
    WHERE t.member_id IN (SELECT member_id FROM member_tree
      WHERE ancestor_id = ${leadId.toString()}::bigint AND depth = 2)
      AND t.depth > 0
  `.execute(db);
  await sql`
    INSERT INTO agent_team_money_daily (ancestor_id, day, currency, deposit_minor, deposit_count,
      withdrawal_minor, withdrawal_count)
    SELECT ${leadId.toString()}::bigint, current_date - d, 'VND', 500000000, 300, 200000000, 80
    FROM generate_series(0, ${DAYS - 1}) d
  `.execute(db);
  for (const table of [
    'agent_team_play_hourly',
    'play_member_daily',
    'agent_team_active_daily',
    'member_tree',
    'members',
  ])
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  return perTeamCell * teamCells;
}

async function sampleThroughConsumer(
  db: Db,
  leadId: bigint,
  services: ReturnType<typeof createServices>,
) {
  const players = await services.memberTree.descendantIds(leadId);
  const events: NewEvent[] = [];
  for (let index = 0; index < SAMPLE_EVENTS; index += 1) {
    const memberId = players[(index * 7919) % players.length] as bigint;
    events.push({
      type: 'round.settled',
      merchantCode: DEMO_MERCHANT_CODE,
      memberId,
      payload: {
        memberId: memberId.toString(),
        merchantCode: DEMO_MERCHANT_CODE,
        vassalage: 'BENCH',
        gameCode: null,
        gameCategory: 'INHOUSE',
        roundRef: `bench-${index}`,
        currency: 'VND',
        stakeMinor: '10000',
        validBetMinor: '10000',
        winMinor: index % 2 === 0 ? '19800' : '0',
        settledAt: new Date(Date.now() - (index % 1000) * 60_000).toISOString(),
      },
    });
  }
  await db.transaction().execute((trx) => appendEvents(trx, events));
  const started = performance.now();
  const applied = await services.events.runAll();
  return { applied, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-bench-agents-'));
  const server = await startEmbeddedDatabase({ dataDir, port: await freePort() });
  const db = createDatabase(server.url);
  try {
    await migrateToLatest(db);
    await seedDemoMerchant(db);
    const services = createServices(db, { lotteryPublish: async () => {} });
    const seedStarted = performance.now();
    const { leadId, rounds } = await db.connection().execute(async (connection) => {
      await sql`SET statement_timeout = 0`.execute(connection);
      const lead = await buildTree(connection);
      return { leadId: lead, rounds: await bulkRollups(connection, lead) };
    });
    const downline = (await services.memberTree.countsByLevel(leadId, new Date(0))).reduce(
      (sum, level) => sum + level.total,
      0,
    );
    console.log(
      `downline ${downline.toLocaleString('en')} members, ${rounds.toLocaleString('en')} rounds in the rollups, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const sample = await sampleThroughConsumer(db, leadId, services);
    console.log(
      `consumer: ${SAMPLE_EVENTS.toLocaleString('en')} real round.settled events (plus the demo's) applied in ${sample.seconds.toFixed(2)} s (${JSON.stringify(sample.applied)})`,
    );

    const merchant = { code: DEMO_MERCHANT_CODE, currency: 'VND' } as Merchant;
    const today = new Date().toISOString().slice(0, 10);
    const period = {
      fromDay: new Date(Date.now() - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10),
      toDay: today,
    };
    const team = services.agentTeam;
    const figures = {
      'team overview (30 days)': await timed(() => team.teamOverview(merchant, leadId, period)),
      'team betting (30 days)': await timed(() => team.teamBetting(leadId, period)),
      'team management, first page': await timed(() => team.downline(leadId, { limit: 20 })),
      'team management, search all levels': await timed(() =>
        team.downline(leadId, { limit: 20, account: 'benchsub5', allLevels: 'true' }),
      ),
      'user P&L, first page (30 days)': await timed(() =>
        team.userProfit(leadId, { ...period, limit: 20, allLevels: 'true' }),
      ),
      'transactions, first page': await timed(() =>
        team.transactions(leadId, { ...period, limit: 20 }),
      ),
    };
    console.table(
      Object.entries(figures).map(([report, time]) => ({
        report,
        'p50 ms': time.p50.toFixed(1),
        'p99 ms': time.p99.toFixed(1),
        [`under ${TARGET_MS} ms`]: time.p99 < TARGET_MS ? 'yes' : 'NO',
      })),
    );
  } finally {
    await db.destroy();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
