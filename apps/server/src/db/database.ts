import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';

/** Connections one server process keeps open; PostgreSQL's default limit is 100 in all. */
export const DATABASE_POOL_MAX_CONNECTIONS = 20;
export const DATABASE_STATEMENT_TIMEOUT_MS = 15_000;
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

// int8 (bigint) values stay strings in pg; repositories convert them to bigint explicitly.
// numeric likewise. Dates come back as Date objects in UTC.

export type Db = Kysely<Database>;

export function createDatabase(connectionString: string): Db {
  const pool = new pg.Pool({
    connectionString,
    max: DATABASE_POOL_MAX_CONNECTIONS,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: DATABASE_STATEMENT_TIMEOUT_MS,
    application_name: 'betting-platform',
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
