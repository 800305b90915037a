import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../src/db/embedded.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with the right to create databases; each test file makes its own. */
    postgresAdminUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole medium-test run: TEST_DATABASE_URL when set (any
 * PostgreSQL 14+ where the user may create databases), else a throwaway embedded server.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('postgresAdminUrl', external);
    return;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-medium-'));
  const server = await startEmbeddedDatabase({ dataDir, port: await freePort() });
  project.provide('postgresAdminUrl', server.urlFor('postgres'));
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
