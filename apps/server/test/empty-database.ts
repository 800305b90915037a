import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';

export interface EmptyTestDatabase {
  /** A pool on it, for checks; the code under test connects by `url`. */
  db: Db;
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database with nothing in it, not even the schema, as a new production database is:
 * for tests of what the server or the CLI do to one (createTestDatabase migrates and seeds).
 */
export async function createEmptyTestDatabase(): Promise<EmptyTestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString());
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
