// `npm run bench:partitions` (issue 23): the member's hot reads at 1,000,000 and then 10,000,000
// game rounds, on the time-partitioned `game_rounds`. Play runs at a constant rate, so the nine
// million rounds added between the two measurements are older history (up to two years back):
// the question is whether history costs the hot path anything. Each figure is the median of RUNS.
// `BENCH_ROUNDS=a,b` for other sizes.
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.js';
import { DEMO_MERCHANT_CODE } from '../apps/server/src/db/seed.js';
import {
  addMonthsUtc,
  ensureMonthlyPartitions,
  monthStartUtc,
} from '../apps/server/src/db/time-partitions.js';
import { createGameRecordsService } from '../apps/server/src/modules/game-records/index.js';
import { createLedgerService } from '../apps/server/src/modules/ledger/index.js';
import { runBench, withSeededDatabase } from './bench-main.js';

const SIZES = (process.env.BENCH_ROUNDS ?? '1000000,10000000').split(',').map(Number);
const MEMBERS = 2_000;
/** Rounds written per statement while loading. */
const LOAD_CHUNK = 250_000;
/** The history the largest size spans; smaller sizes are its most recent part. */
const HISTORY_DAYS = 720;
const RUNS = 15;
const DAY_MS = 24 * 60 * 60 * 1000;

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

async function insertMembers(db: Db): Promise<bigint[]> {
  const result = await sql<{ id: string }>`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname)
    SELECT ${DEMO_MERCHANT_CODE}, 'pbench' || n, 'pbench' || n, 'not-a-hash', 'pbench' || n
    FROM generate_series(1, ${MEMBERS}::int) AS n
    RETURNING id
  `.execute(db);
  return result.rows.map((row) => BigInt(row.id));
}

/**
 * Rounds `from`..`to` (exclusive) of the constant-rate history: round n started n steps before
 * now, a step being HISTORY_DAYS over the largest size. The claim trigger is off while loading
 * and the refs are written in one statement afterwards, as a bulk import would.
 */
async function loadRounds(
  pool: Db,
  firstMemberId: bigint,
  vassalage: string,
  from: number,
  to: number,
  stepMs: number,
): Promise<void> {
  // Loading statements run far past the server's statement timeout: one connection without it.
  await pool.connection().execute(async (db) => {
    await sql`SET statement_timeout = 0`.execute(db);
    await sql`ALTER TABLE game_rounds DISABLE TRIGGER game_rounds_claim_ref`.execute(db);
    const before = await sql<{
      id: string | null;
    }>`SELECT max(id)::text AS id FROM game_rounds`.execute(db);
    for (let start = from; start < to; start += LOAD_CHUNK) {
      const end = Math.min(to, start + LOAD_CHUNK) - 1;
      await sql`
      INSERT INTO game_rounds (merchant_code, member_id, vassalage, game_type, round_ref, currency,
        status, stake_minor, win_minor, started_at, settled_at)
      SELECT ${DEMO_MERCHANT_CODE}, ${firstMemberId}::bigint + (n % ${MEMBERS}), ${vassalage},
        (ARRAY['RNG', 'LIVE', 'FISH', 'SPORTS'])[1 + n % 4], 'pb-' || n, 'VND', 'settled',
        1000 * (1 + n % 50), CASE WHEN n % 3 = 0 THEN 2000 * (1 + n % 50) ELSE 0 END,
        now() - make_interval(secs => n * ${stepMs / 1000}::float8),
        now() - make_interval(secs => n * ${stepMs / 1000}::float8)
      FROM generate_series(${start}::bigint, ${end}::bigint) AS n
    `.execute(db);
      process.stdout.write('.');
    }
    await sql`
    INSERT INTO game_round_refs (merchant_code, vassalage, round_ref, round_id, started_at)
    SELECT merchant_code, vassalage, round_ref, id, started_at FROM game_rounds WHERE id > ${before.rows[0]?.id ?? '0'}::bigint
  `.execute(db);
    await sql`ALTER TABLE game_rounds ENABLE TRIGGER game_rounds_claim_ref`.execute(db);
    await sql`VACUUM ANALYZE game_rounds`.execute(db);
    await sql`VACUUM ANALYZE game_round_refs`.execute(db);
    await sql`RESET statement_timeout`.execute(db);
  });
  process.stdout.write('\n');
}

/** One call's time (median of RUNS) and the database pages it touched (load-independent). */
interface Figure {
  ms: number;
  pages: number;
}

interface Figures {
  rounds: number;
  calls: Record<string, Figure>;
}

async function pagesTouched(db: Db): Promise<number> {
  // Statistics reach the shared view when this backend goes idle after a forced flush.
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
  const result = await sql<{ pages: string }>`
    SELECT (blks_hit + blks_read)::text AS pages FROM pg_stat_database
    WHERE datname = current_database()
  `.execute(db);
  return Number(result.rows[0]?.pages ?? 0);
}

async function figureOf(db: Db, run: () => Promise<unknown>): Promise<Figure> {
  const ms = await medianMs(run);
  // The reading's own queries touch a few catalogue pages: measured once and taken off.
  const idleBefore = await pagesTouched(db);
  const idleAfter = await pagesTouched(db);
  const before = await pagesTouched(db);
  await run();
  const after = await pagesTouched(db);
  return { ms, pages: Math.max(0, after - before - (idleAfter - idleBefore)) };
}

/**
 * Every call runs on one connection, so that the database's page counters, read between calls,
 * count that call alone (nothing else uses the bench's database).
 */
async function measure(pool: Db, memberId: bigint, rounds: number): Promise<Figures> {
  return pool.connection().execute(async (db) => {
    const ledger = createLedgerService(db);
    const records = createGameRecordsService(db);
    const viewer = {
      merchantCode: DEMO_MERCHANT_CODE,
      memberId,
      language: 'en',
      fallbackLanguage: 'en',
    };
    const monthAgo = new Date(Date.now() - 30 * DAY_MS).toISOString();
    const latest = await records.lastRound(viewer);
    const roundId = latest.round?.roundId;
    if (roundId === undefined) throw new Error('the measured member has no round');
    return {
      rounds,
      calls: {
        balance: await figureOf(db, () => ledger.memberAvailableBalances(memberId)),
        'records, 7 days': await figureOf(db, () =>
          records.bettingRecords(viewer, { pageNo: 1, pageSize: 20 }),
        ),
        'records, 30 days, page 5': await figureOf(db, () =>
          records.bettingRecords(viewer, { from: monthAgo, pageNo: 5, pageSize: 20 }),
        ),
        'profit, 30 days': await figureOf(db, () =>
          records.personalProfit(viewer, { from: monthAgo }),
        ),
        'round detail': await figureOf(db, () => records.round(viewer, String(roundId))),
        'last round': await figureOf(db, () => records.lastRound(viewer)),
      },
    };
  });
}

async function main(): Promise<void> {
  await withSeededDatabase('partitions', async ({ db }) => {
    const largest = Math.max(...SIZES);
    const stepMs = (HISTORY_DAYS * DAY_MS) / largest;
    const now = new Date();
    await ensureMonthlyPartitions(
      db,
      'game_rounds',
      'started_at',
      now,
      addMonthsUtc(monthStartUtc(now), -Math.ceil(HISTORY_DAYS / 30) - 1),
    );
    const members = await insertMembers(db);
    const firstMemberId = members[0] as bigint;
    const provider = await sql<{
      code: string;
    }>`SELECT code FROM game_providers ORDER BY code LIMIT 1`.execute(db);
    const vassalage = provider.rows[0]?.code;
    if (!vassalage) throw new Error('the demo seed has no game provider');
    const figures: Figures[] = [];
    let loaded = 0;
    for (const size of [...SIZES].sort((a, b) => a - b)) {
      console.log(`loading rounds ${loaded.toLocaleString('en')} to ${size.toLocaleString('en')}`);
      await loadRounds(db, firstMemberId, vassalage, loaded, size, stepMs);
      loaded = size;
      figures.push(await measure(db, firstMemberId, size));
    }
    const partitions = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'game_rounds'::regclass
    `.execute(db);
    console.log(
      `\ngame_rounds: ${partitions.rows[0]?.n} partitions, ${MEMBERS} members, medians of ${RUNS} runs (ms)`,
    );
    const rows: Record<string, Record<string, string>> = {};
    for (const figure of figures) {
      const size = figure.rounds.toLocaleString('en');
      for (const [call, { ms, pages }] of Object.entries(figure.calls)) {
        rows[call] = {
          ...rows[call],
          [`${size} ms`]: ms.toFixed(2),
          [`${size} pages`]: String(pages),
        };
      }
    }
    console.table(rows);
    const first = figures[0];
    const last = figures[figures.length - 1];
    if (first && last && first !== last) {
      const ratios = Object.keys(first.calls).map((call) => {
        const from = first.calls[call] as Figure;
        const to = last.calls[call] as Figure;
        return `${call} ${(to.pages / Math.max(1, from.pages)).toFixed(2)}x pages, ${(to.ms / from.ms).toFixed(2)}x time`;
      });
      console.log(`largest over smallest: ${ratios.join('; ')}`);
    }
    const load = (await import('node:os')).loadavg()[0]?.toFixed(1);
    console.log(`load average during the run: ${load} (times vary with it; pages do not)`);
  });
}

runBench(main, import.meta.url);
