import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '../../test/empty-database.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** A tsx start and a migration check on two shared cores. */
const CLI_TEST_TIMEOUT_MS = 60_000;

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/db/cli.ts', ...args],
      { cwd: repositoryRoot, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe('npm run db:seed', () => {
  // An empty database, as a new production one is: the CLI migrates it itself.
  let database: EmptyTestDatabase;
  beforeAll(async () => {
    database = await createEmptyTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const demoMerchants = async () => {
    const tables = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM information_schema.tables WHERE table_name = 'merchants'
    `.execute(database.db);
    if (tables.rows[0]?.n === '0') return '0';
    const rows = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM merchants WHERE code = 'DEMO'
    `.execute(database.db);
    return rows.rows[0]?.n;
  };

  it(
    'refuses in production unless told --allow-production, and touches nothing',
    async () => {
      const env = { NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
      const refused = await runCli(['seed'], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('db:seed refused: NODE_ENV=production');
      expect(refused.output).toContain('--allow-production');
      expect(await demoMerchants()).toBe('0');

      const allowed = await runCli(['seed', '--allow-production'], env);
      expect(allowed.code, allowed.output).toBe(0);
      expect(allowed.output).toContain('demo merchant created');
      expect(await demoMerchants()).toBe('1');
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
