import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../src/db/embedded.js';
import { freePort } from './free-port.js';
import { bundleServer } from './server-bundle.js';
import { createTemplateDatabase, dropDatabase } from './template-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with the right to create databases; each test file makes its own. */
    postgresAdminUrl: string;
    /** A migrated database with the base merchant that each test file's database copies. */
    postgresTemplateName: string;
    /** The run's server bundle (`server-bundle.ts`) that `server-process.ts` starts. */
    serverBundleFile: string;
  }
}

/**
 * One PostgreSQL server for the whole medium-test run: TEST_DATABASE_URL when set (any
 * PostgreSQL 14+ where the user may create databases), else a throwaway embedded server.
 */
export default async function setup(project: TestProject) {
  const bundle = await bundleServer();
  project.provide('serverBundleFile', bundle.file);
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const templateName = await createTemplateDatabase(external);
    project.provide('postgresAdminUrl', external);
    project.provide('postgresTemplateName', templateName);
    return async () => {
      await dropDatabase(external, templateName);
      await bundle.remove();
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-medium-'));
  const server = await startEmbeddedDatabase({ dataDir, port: await freePort() });
  const adminUrl = server.urlFor('postgres');
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplateName', await createTemplateDatabase(adminUrl));
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await bundle.remove();
  };
}
