import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/free-port.js';
import { serverNodeArgs } from '../../apps/server/test/server-bundle.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_START_TIMEOUT_MS = 90_000;
export const SERVER_STOP_TIMEOUT_MS = 20_000;
/** Names a prepared data folder (e2e/support/global-setup.ts) that a new server starts from. */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE_DIR';
/** Names the run's server bundle (e2e/support/global-setup.ts); without it the server starts through tsx. */
export const SERVER_BUNDLE_ENV = 'E2E_SERVER_BUNDLE';

/**
 * Copies the run's prepared data folder into a new one. `cp -a` keeps owners and modes: as root,
 * the cluster's files belong to the user PostgreSQL runs as, and it refuses files it does not own.
 */
export async function copyDataTemplate(templateDir: string, dataDir: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    execFile('cp', ['-a', `${templateDir}/.`, dataDir], (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

export interface RunningServer {
  dataDir: string;
  baseUrl: string;
  /** The port of the embedded PostgreSQL the server started. */
  embeddedPort: number;
  output(): string;
  /** Sends SIGTERM and answers the exit code once the process has stopped. */
  stop(): Promise<number | null>;
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready after ${SERVER_START_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * Starts the real server as `npm start` does (main.ts, embedded PostgreSQL, the built web app),
 * on free ports and a throwaway data folder.
 */
export async function startServer(
  options: { dataDir?: string; embeddedPort?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'platform-e2e-')));
  const templateDir = process.env[DATA_TEMPLATE_ENV];
  if (ownsDataDir && templateDir) await copyDataTemplate(templateDir, dataDir);
  const port = await freePort();
  const embeddedPort = options.embeddedPort ?? (await freePort());
  const child = spawn(process.execPath, serverNodeArgs(process.env[SERVER_BUNDLE_ENV]), {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(embeddedPort),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = () => log;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await waitUntilReady(baseUrl, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    dataDir,
    baseUrl,
    embeddedPort,
    output,
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * The connection string of a started server's database (embedded PostgreSQL: the password file
 * in its data folder, its port, database `platform`), for journeys that read what the server
 * wrote, such as the SMS outbox.
 */
export async function databaseUrlOf(server: RunningServer): Promise<string> {
  const credentials = JSON.parse(
    await readFile(path.join(server.dataDir, 'embedded-postgres.json'), 'utf8'),
  ) as { password: string };
  return `postgresql://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${server.embeddedPort}/platform`;
}
