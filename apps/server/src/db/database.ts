import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';

/** Connections one server process keeps open; PostgreSQL's default limit is 100 in all. */
export const DATABASE_POOL_MAX_CONNECTIONS = 20;
export const DATABASE_STATEMENT_TIMEOUT_MS = 15_000;
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

// int8 (bigint) values stay strings in pg; repositories convert them to bigint explicitly.
// numeric likewise. Dates come back as Date objects in UTC.

export type Db = Kysely<Database>;

/** The connection string each database handle was made from (for dedicated connections). */
const connectionStrings = new WeakMap<Db, string>();

/**
 * The connection string of a handle made by `createDatabase`, for parts that need a connection
 * of their own with the same settings (the realtime LISTEN connection).
 */
export function connectionStringOf(db: Db): string | undefined {
  return connectionStrings.get(db);
}

export function createDatabase(connectionString: string): Db {
  const pool = new pg.Pool({
    connectionString,
    max: DATABASE_POOL_MAX_CONNECTIONS,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: DATABASE_STATEMENT_TIMEOUT_MS,
    application_name: 'betting-platform',
  });
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it and the next query reports any lasting fault.
  pool.on('error', (error) => {
    console.error(
      JSON.stringify({ level: 50, msg: 'idle database connection lost', err: error.message }),
    );
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  connectionStrings.set(db, connectionString);
  return db;
}

/** Throws unless the database answers a trivial query (the readiness probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
