import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../apps/server/src/db/database.js';
import { startEmbeddedDatabase } from '../../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../../apps/server/src/db/migrator.js';
import { seedDemoMerchant } from '../../apps/server/src/db/seed.js';
import { createServices } from '../../apps/server/src/services.js';
import { freePort } from '../../apps/server/test/free-port.js';
import { bundleServer } from '../../apps/server/test/server-bundle.js';
import { DATA_TEMPLATE_ENV, SERVER_BUNDLE_ENV } from './server.js';

/**
 * One data folder for the whole run, made as the first `npm start` makes it (an embedded
 * PostgreSQL cluster, migrated, with the demo merchant), that each journey's server copies
 * instead of creating and migrating its own: that took several seconds of every journey.
 * The server still runs its start-up (migrations, operator seeds) on the copy, as a restarted
 * `npm start` does.
 */
export default async function setup() {
  // The server bundle (apps/server/test/server-bundle.ts) is made while the cluster is prepared.
  const bundled = bundleServer();
  const templateDir = await mkdtemp(path.join(tmpdir(), 'platform-e2e-template-'));
  const server = await startEmbeddedDatabase({
    dataDir: templateDir,
    port: await freePort(),
    log: () => {},
  });
  const db = createDatabase(server.url);
  try {
    await migrateToLatest(db);
    await seedDemoMerchant(db);
    // The demo's own events (its agent team's weeks of play) applied once here, not by every
    // journey's server before it reaches the journey's own events.
    await createServices(db).events.runAll();
  } finally {
    await db.destroy();
    await server.stop();
  }
  const bundle = await bundled;
  process.env[DATA_TEMPLATE_ENV] = templateDir;
  process.env[SERVER_BUNDLE_ENV] = bundle.file;
  return async () => {
    delete process.env[DATA_TEMPLATE_ENV];
    delete process.env[SERVER_BUNDLE_ENV];
    await rm(templateDir, { recursive: true, force: true });
    await bundle.remove();
  };
}
