// What every bench's entry does around its own measuring: run only as the script started (a
// bench that another imports as a phase stays quiet), exit 1 with the error on a failure, and
// give the run a throwaway embedded PostgreSQL that is stopped and removed afterwards, also
// when the run fails.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase, type Db } from '../apps/server/src/db/database.js';
import {
  type EmbeddedDatabaseServer,
  startEmbeddedDatabase,
} from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrator.js';
import { seedDemoMerchant } from '../apps/server/src/db/seed.js';
import { freePort } from '../apps/server/test/free-port.js';
import { HTTP_PHASE_CLIENTS, pgbenchTps } from './http-phase.js';

/** Whether the module of `moduleUrl` (its `import.meta.url`) is the script node was started with. */
export function isBenchEntry(moduleUrl: string): boolean {
  return moduleUrl === pathToFileURL(process.argv[1] ?? '').href;
}

/**
 * Runs a bench's `main`: a failure prints its error and ends the process with exit code 1. With
 * `moduleUrl`, only when that module is the script run.
 */
export function runBench(main: () => Promise<void>, moduleUrl?: string): void {
  if (moduleUrl !== undefined && !isBenchEntry(moduleUrl)) return;
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

export interface BenchDatabase {
  server: EmbeddedDatabaseServer;
  /** The run's own temporary folder (the database's files, logs); removed afterwards. */
  dataDir: string;
}

/** A throwaway embedded PostgreSQL on a free port for the length of `body`. */
export async function withBenchDatabase<T>(
  name: string,
  body: (bench: BenchDatabase) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `platform-bench-${name}-`));
  try {
    const server = await startEmbeddedDatabase({ dataDir, port: await freePort() });
    try {
      return await body({ server, dataDir });
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The same, migrated, with the demo merchant, and a Kysely handle that is closed afterwards. */
export function withSeededDatabase<T>(
  name: string,
  body: (bench: BenchDatabase & { db: Db }) => Promise<T>,
): Promise<T> {
  return withBenchDatabase(name, async (bench) => {
    const db = createDatabase(bench.server.url);
    try {
      await migrateToLatest(db);
      await seedDemoMerchant(db);
      return await body({ ...bench, db });
    } finally {
      await db.destroy();
    }
  });
}

/**
 * The entry of an HTTP phase run on its own (`npx tsx bench/<phase>.ts`): the phase on a fresh
 * database with `BENCH_CLIENTS` clients (default HTTP_PHASE_CLIENTS), then `pgbench -N` of the
 * same run and the phase's ratio to it.
 */
export function runHttpPhase<R>(
  moduleUrl: string,
  name: string,
  phase: (databaseUrl: string, options: { clients?: number }) => Promise<R>,
  ratio: (result: R, baseline: number) => string,
): void {
  const main = () =>
    withBenchDatabase(name, async ({ server }) => {
      console.log(
        `${HTTP_PHASE_CLIENTS} clients (each its own member), 10 s, real server in its own process, embedded PostgreSQL`,
      );
      const clients = process.env.BENCH_CLIENTS ? Number(process.env.BENCH_CLIENTS) : undefined;
      const result = await phase(server.url, clients === undefined ? {} : { clients });
      const baseline = pgbenchTps(server.urlFor('postgres'));
      if (baseline !== null) {
        console.log(`pgbench -N                ${baseline.toFixed(0).padStart(7)} /s`);
        console.log(`ratio                     ${ratio(result, baseline)}`);
      }
    });
  runBench(main, moduleUrl);
}
