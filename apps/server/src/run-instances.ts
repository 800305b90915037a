// `npm run start:instances`: several server instances on one PostgreSQL, one per core by
// default, for a load balancer in front (deploy/haproxy/haproxy.cfg). SIGHUP restarts them one
// at a time (a deploy without downtime); SIGTERM or SIGINT stops them all. Without DATABASE_URL
// this process starts the embedded PostgreSQL, as `npm start` does, and the instances share it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { instancePortsFrom } from './instances/instance-ports.js';
import { createInstanceSupervisor } from './instances/supervisor.js';

/**
 * An instance drains this long unless SHUTDOWN_DRAIN_MS says otherwise: deploy/haproxy takes it
 * out after two failed checks a second apart, each allowed 2 s.
 */
export const INSTANCE_DRAIN_MS_DEFAULT = 5_000;

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const log = (message: string) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), msg: `instances: ${message}` }));

async function main(): Promise<void> {
  const config = loadConfig();
  const ports = instancePortsFrom(process.env);
  // Only the URL is needed here: the instances open their own pools.
  const database = config.DATABASE_URL ? null : await openDatabase(config, () => {}, log);
  const databaseUrl = config.DATABASE_URL ?? (database?.url as string);
  await database?.db.destroy();

  const supervisor = createInstanceSupervisor({
    ports,
    log,
    spawnInstance: (port) =>
      spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repositoryRoot,
        env: {
          ...process.env,
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? String(INSTANCE_DRAIN_MS_DEFAULT),
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
    isReady: (port) =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      ),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping every instance`);
    await supervisor.stopAll();
    await database?.embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGHUP', () => {
    supervisor.rollingRestart().catch((error: unknown) => log(`rolling restart failed: ${error}`));
  });

  await supervisor.startAll();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `instances failed: ${error}`);
  process.exit(1);
});
