import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';

/** Connections one server process keeps open; PostgreSQL's default limit is 100 in all. */
export const DATABASE_POOL_MAX_CONNECTIONS = 20;
export const DATABASE_STATEMENT_TIMEOUT_MS = 15_000;
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

/** PostgreSQL's type OID of int8 (bigint), which `count(*)` also answers with. */
const INT8_TYPE_OID = 20;

/**
 * The pool's own type parsers: int8 arrives as a JS `bigint` (ids, amounts in minor units), so
 * no repository converts it by hand. They are set per pool rather than on the global `pg.types`,
 * so that other users of `pg` in the process (pg-boss, tests, benches) keep pg's defaults.
 * numeric (what `sum()` of an int8 answers) stays a string: cast it (see `sql-numbers.ts`).
 * Dates come back as Date objects in UTC.
 */
export const databaseTypeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_TYPE_OID && format !== 'binary') return (text: string) => BigInt(text);
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export type Db = Kysely<Database>;

/** The connection string each database handle was made from (for dedicated connections). */
const connectionStrings = new WeakMap<Db, string>();
/** The pg pool behind each handle, for its pressure (load shedding, readiness). */
const pools = new WeakMap<Db, pg.Pool>();

/**
 * The connection string of a handle made by `createDatabase`, for parts that need a connection
 * of their own with the same settings (the realtime LISTEN connection).
 */
export function connectionStringOf(db: Db): string | undefined {
  return connectionStrings.get(db);
}

export function createDatabase(
  connectionString: string,
  options: { logError?: (details: object, message: string) => void } = {},
): Db {
  const pool = new pg.Pool({
    connectionString,
    max: DATABASE_POOL_MAX_CONNECTIONS,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: DATABASE_STATEMENT_TIMEOUT_MS,
    application_name: 'betting-platform',
    types: databaseTypeParsers,
  });
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it and the next query reports any lasting fault.
  const logError =
    options.logError ??
    ((details: object, message: string) =>
      console.error(JSON.stringify({ level: 50, msg: message, ...details })));
  pool.on('error', (error) => logError({ err: error.message }, 'idle database connection lost'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  connectionStrings.set(db, connectionString);
  pools.set(db, pool);
  return db;
}

/** The pg pool behind a handle made by `createDatabase` (prepared statements, see prepared-query.ts). */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** Queries waiting for a free pooled connection now (0 for a handle not made here). */
export function databasePoolWaiting(db: Db): number {
  return pools.get(db)?.waitingCount ?? 0;
}

/** Throws unless the database answers a trivial query (the readiness probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/** Connections of a handle's pool: open, idle, and queries waiting for one (zeros if unknown). */
export function databasePoolFigures(db: Db): { total: number; idle: number; waiting: number } {
  const pool = pools.get(db);
  return {
    total: pool?.totalCount ?? 0,
    idle: pool?.idleCount ?? 0,
    waiting: pool?.waitingCount ?? 0,
  };
}
