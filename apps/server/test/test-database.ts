import { inject } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { adminQuery, databaseUrl, dropDatabase, newDatabaseName } from './template-database.js';

export interface TestDatabase {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** What a test file adds to the base merchant before its tests run (small named fixtures). */
export type TestFixture = (db: Db) => Promise<void>;

/**
 * A new, migrated database with the base merchant (`fixtures/base-merchant.ts`), only for the
 * calling test file, copied from the run's template (`template-database.ts`); `fixtures` add
 * what that file needs beyond it.
 */
export async function createTestDatabase(
  options: { fixtures?: readonly TestFixture[] } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const name = newDatabaseName('test');
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateName')}`);
  const url = databaseUrl(adminUrl, name);
  const db = createDatabase(url);
  for (const fixture of options.fixtures ?? []) await fixture(db);
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}
