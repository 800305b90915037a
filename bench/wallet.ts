// `npm run bench:wallet`: bet-like ledger transfers (player to house) per second at 64
// concurrent clients on the embedded PostgreSQL, beside `pgbench -N` on the same server as the
// baseline (or, where pgbench is not installed, the same simple-update transaction from Node).
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/database.js';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoMerchant } from '../apps/server/src/db/seed.js';
import { createLedgerService } from '../apps/server/src/modules/ledger/index.js';
import { freePort } from '../apps/server/test/free-port.js';

const CLIENTS = 64;
const DURATION_MS = 10_000;
const PLAYERS = 2_000;
const FUNDING_MINOR = 1_000_000_000n;
const BET_MINOR = 100n;

function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function runClients(work: (client: number, n: number) => Promise<void>) {
  const latencies: number[] = [];
  let failures = 0;
  const endAt = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; Date.now() < endAt; n += 1) {
        const startedAt = performance.now();
        try {
          await work(client, n);
          latencies.push(performance.now() - startedAt);
        } catch {
          failures += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / (DURATION_MS / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failures,
  };
}

function pgbenchTps(url: string): number | null {
  const probe = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) return null;
  const env = { ...process.env, PGCONNECT_TIMEOUT: '10' };
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', url], { encoding: 'utf8', env });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync(
    'pgbench',
    ['-N', '-c', String(CLIENTS), '-j', '2', '-T', String(DURATION_MS / 1000), url],
    { encoding: 'utf8', env },
  );
  const match = /tps = ([\d.]+)/.exec(run.stdout);
  return match ? Number(match[1]) : null;
}

/** pgbench -N's transaction (simple update) from Node, where pgbench is missing. */
async function nodeSimpleUpdateTps(url: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_accounts (aid int PRIMARY KEY, abalance int NOT NULL DEFAULT 0)',
  );
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_history (aid int, delta int, mtime timestamptz)',
  );
  await pool.query(
    'INSERT INTO bench_accounts (aid) SELECT generate_series(1, 1000000) ON CONFLICT DO NOTHING',
  );
  const result = await runClients(async () => {
    const aid = 1 + Math.floor(Math.random() * 1_000_000);
    const delta = Math.floor(Math.random() * 10_000) - 5_000;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE bench_accounts SET abalance = abalance + $1 WHERE aid = $2', [
        delta,
        aid,
      ]);
      await client.query('SELECT abalance FROM bench_accounts WHERE aid = $1', [aid]);
      await client.query('INSERT INTO bench_history (aid, delta, mtime) VALUES ($1, $2, now())', [
        aid,
        delta,
      ]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  });
  await pool.end();
  return result.perSecond;
}

/** Stats are flushed by each backend at most once a second: wait, then read the counter. */
const STATS_FLUSH_WAIT_MS = 1_500;

async function committedTransactions(db: ReturnType<typeof createDatabase>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_WAIT_MS));
  const { rows } = await sql<{ commits: string }>`
    SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = current_database()
  `.execute(db);
  return Number(rows[0]?.commits ?? 0);
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-bench-wallet-'));
  const server = await startEmbeddedDatabase({ dataDir, port: await freePort() });
  const db = createDatabase(server.url);
  await migrateToLatest(db);
  await seedDemoMerchant(db);
  const ledger = createLedgerService(db);

  await sql`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname)
    SELECT 'DEMO', 'bench' || n, 'bench' || n, 'x', 'bench' || n FROM generate_series(1, ${PLAYERS}::int) n
  `.execute(db);
  const memberIds = (
    await sql<{ id: string }>`SELECT id FROM members ORDER BY id`.execute(db)
  ).rows.map((row) => BigInt(row.id));
  const funding = await ledger.systemAccount({
    merchantCode: 'DEMO',
    code: 'bench:funding',
    asset: 'cash',
    currency: 'VND',
  });
  const players: { account: bigint; house: bigint }[] = [];
  for (const memberId of memberIds) {
    const account = await ledger.memberAccount({
      merchantCode: 'DEMO',
      memberId,
      asset: 'cash',
      currency: 'VND',
    });
    await ledger.transfer({
      id: `fund:${memberId}`,
      debitAccountId: funding,
      creditAccountId: account,
      amountMinor: FUNDING_MINOR,
      code: 'deposit',
    });
    const house = await ledger.systemAccount({
      merchantCode: 'DEMO',
      code: 'house:bench',
      asset: 'cash',
      currency: 'VND',
      shardKey: String(memberId),
    });
    players.push({ account, house });
  }

  const commitsBefore = await committedTransactions(db);
  const bets = await runClients(async (client, n) => {
    const player = players[(client * 7919 + n) % players.length] as {
      account: bigint;
      house: bigint;
    };
    await ledger.transfer({
      id: `bet:${client}:${n}`,
      debitAccountId: player.account,
      creditAccountId: player.house,
      amountMinor: BET_MINOR,
      code: 'bet',
    });
  });
  const commitsPerBet = (await committedTransactions(db)) - commitsBefore;
  const breaks = await ledger.reconcile();
  await db.destroy();

  const external = pgbenchTps(server.urlFor('postgres'));
  const baseline = external ?? (await nodeSimpleUpdateTps(server.urlFor('postgres')));
  console.log(
    `${CLIENTS} clients, ${DURATION_MS / 1000} s, ${PLAYERS} players, house in sharded rows, embedded PostgreSQL`,
  );
  console.log(
    `ledger bet transfers   ${bets.perSecond.toFixed(0).padStart(7)} /s  p50 ${bets.p50.toFixed(1)} ms  p99 ${bets.p99.toFixed(1)} ms  failures ${bets.failures}`,
  );
  console.log(
    `${external === null ? 'simple-update (Node)' : 'pgbench -N         '}   ${baseline.toFixed(0).padStart(7)} /s`,
  );
  console.log(`ratio                  ${(bets.perSecond / baseline).toFixed(3)}`);
  console.log(
    `commits per bet        ${(commitsPerBet / Math.max(1, bets.perSecond * (DURATION_MS / 1000))).toFixed(2)} (xact_commit; the batcher sends concurrent bets as one statement)`,
  );
  console.log(
    `reconciliation         ${breaks.length === 0 ? 'every invariant holds' : JSON.stringify(breaks)}`,
  );
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
