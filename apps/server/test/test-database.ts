import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { seedBaseMerchant } from './fixtures/base-merchant.js';

export interface TestDatabase {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** What a test file adds to the base merchant before its tests run (small named fixtures). */
export type TestFixture = (db: Db) => Promise<void>;

/**
 * A new, migrated database with the base merchant (`fixtures/base-merchant.ts`), only for the
 * calling test file; `fixtures` add what that file needs beyond it.
 */
export async function createTestDatabase(
  options: { fixtures?: readonly TestFixture[] } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString());
  await migrateToLatest(db);
  await seedBaseMerchant(db);
  for (const fixture of options.fixtures ?? []) await fixture(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
