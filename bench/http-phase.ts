// Shared by the benches (`bench/wallet.ts`, `bench/seamless-http.ts`, `bench/lottery-http.ts`): the real
// server in its own process, a fixed number of clients for a fixed time, latency percentiles,
// committed transactions around the phase, and the `pgbench -N` baseline for the standalone run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.js';
import { freePort } from '../apps/server/test/free-port.js';

/** Concurrent clients of a phase, each its own member, and how long a phase runs. */
export const HTTP_PHASE_CLIENTS = 64;
export const HTTP_PHASE_DURATION_MS = 10_000;
const SERVER_START_TIMEOUT_MS = 60_000;
/** Stats are flushed by each backend at most once a second: wait, then read the counter. */
const STATS_FLUSH_WAIT_MS = 1_500;

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PhaseResult {
  /** Completed iterations per second (an iteration may be several calls). */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  iterations: number;
  /** The first failure's message, to tell a broken set-up from a slow one. */
  firstFailure: string | null;
  /** Each distinct failure message (status and error code) with how often it came. */
  failureCounts: ReadonlyMap<string, number>;
}

function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Runs `work` from `clients` clients in a loop for `durationMs`; a throw counts as a failure. */
export async function runClients(
  work: (client: number, n: number) => Promise<void>,
  clients = HTTP_PHASE_CLIENTS,
  durationMs = HTTP_PHASE_DURATION_MS,
): Promise<PhaseResult> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const failureCounts = new Map<string, number>();
  const endAt = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; Date.now() < endAt; n += 1) {
        const startedAt = performance.now();
        try {
          await work(client, n);
          latencies.push(performance.now() - startedAt);
        } catch (error) {
          failures += 1;
          const message = (error as Error).message;
          firstFailure ??= message;
          failureCounts.set(message, (failureCounts.get(message) ?? 0) + 1);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / (durationMs / 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    failures,
    iterations: latencies.length,
    firstFailure,
    failureCounts,
  };
}

/** The database's committed transactions so far (after the statistics are flushed). */
export async function committedTransactions(db: Db): Promise<number> {
  await sleep(STATS_FLUSH_WAIT_MS);
  const { rows } = await sql<{ commits: string }>`
    SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = current_database()
  `.execute(db);
  return Number(rows[0]?.commits ?? 0);
}

/** The real server (main.ts) in its own process on `databaseUrl`, HTTP only, logs at warn. */
export async function startServer(
  databaseUrl: string,
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  // `BENCH_SERVER_LOG=<file>` keeps the server's log lines (warn and up: shedding, slow requests).
  const serverLog = process.env.BENCH_SERVER_LOG;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        SERVER_ROLES: 'http',
      },
      stdio: ['ignore', serverLog === undefined ? 'ignore' : 'pipe', 'inherit'],
    },
  );
  if (serverLog !== undefined) child.stdout?.pipe(createWriteStream(serverLog, { flags: 'a' }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error('bench server exited at start');
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('bench server did not start');
    }
    await sleep(200);
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `pgbench -N` transactions per second on `url` with the phase's clients, or null without pgbench. */
export function pgbenchTps(url: string): number | null {
  const probe = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) return null;
  const env = { ...process.env, PGCONNECT_TIMEOUT: '10' };
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', url], { encoding: 'utf8', env });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync(
    'pgbench',
    [
      '-N',
      '-c',
      String(HTTP_PHASE_CLIENTS),
      '-j',
      '2',
      '-T',
      String(HTTP_PHASE_DURATION_MS / 1000),
      url,
    ],
    { encoding: 'utf8', env },
  );
  const match = /tps = ([\d.]+)/.exec(run.stdout);
  return match ? Number(match[1]) : null;
}

/** One line of a phase's figures, then one indented line per distinct failure. */
export function phaseLine(label: string, result: PhaseResult, commitsPerCall: number): string {
  return (
    `${label.padEnd(24)} ${result.perSecond.toFixed(0).padStart(7)} /s  ` +
    `p50 ${result.p50Ms.toFixed(1)} ms  p99 ${result.p99Ms.toFixed(1)} ms  ` +
    `failures ${result.failures}  commits per call ${commitsPerCall.toFixed(2)}` +
    failureLines(result)
  );
}

/** The distinct failures of a phase, most frequent first, each on its own indented line. */
export function failureLines(result: Pick<PhaseResult, 'failureCounts'>): string {
  return [...result.failureCounts]
    .sort((a, b) => b[1] - a[1])
    .map(([message, count]) => `\n    ${String(count).padStart(5)} x ${message}`)
    .join('');
}

/**
 * The error a bench call throws for a refused answer: its status and the envelope's error
 * code, so that the phase's summary tells a bench mistake (a stake out of range, a rate
 * limit) from a server bug.
 */
export async function refusal(what: string, response: Response): Promise<Error> {
  const text = await response.text();
  let errorCode = 'no envelope';
  try {
    errorCode = (JSON.parse(text) as { errorCode?: string }).errorCode ?? 'no error code';
  } catch {
    errorCode = `not JSON: ${text.slice(0, 80)}`;
  }
  return new Error(`${what} answered ${response.status} ${errorCode}`);
}
