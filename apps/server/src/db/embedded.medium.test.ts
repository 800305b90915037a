import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import {
  runServerProcessUntilExit,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.js';
import { startEmbeddedDatabase } from './embedded.js';
import { isProcessAlive, readPostmasterPid } from './leftover-postgres.js';

/** Two or three real server starts on two shared cores. */
const RESTART_TEST_TIMEOUT_MS = 180_000;
const POSTGRES_GONE_TIMEOUT_MS = 20_000;

async function waitUntilGone(pid: number): Promise<boolean> {
  const deadline = Date.now() + POSTGRES_GONE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!(await isProcessAlive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function embeddedEnvironment() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-restart-'));
  return {
    dataDir,
    clusterDir: path.join(dataDir, 'pg'),
    env: {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    },
  };
}

describe('the server on its embedded PostgreSQL, after a SIGKILL', () => {
  const running: ServerProcess[] = [];
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const server of running) await server.stop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it(
    'starts again with the same command and environment, and becomes ready',
    async () => {
      const { dataDir, env } = await embeddedEnvironment();
      dataDirs.push(dataDir);
      const first = await startServerProcess(null, { env });
      running.push(first);
      await first.kill();

      const second = await startServerProcess(null, { env });
      running.push(second);
      expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200);
      expect(await second.stop()).toBe(0);
    },
    RESTART_TEST_TIMEOUT_MS,
  );

  it(
    'does not leave PostgreSQL running: the watchdog stops it when the server dies',
    async () => {
      const { dataDir, clusterDir, env } = await embeddedEnvironment();
      dataDirs.push(dataDir);
      const server = await startServerProcess(null, { env });
      running.push(server);
      const postmaster = await readPostmasterPid(clusterDir);
      expect(postmaster).not.toBeNull();
      await server.kill();
      expect(await waitUntilGone(postmaster?.pid ?? 0)).toBe(true);
    },
    RESTART_TEST_TIMEOUT_MS,
  );

  it('stops a PostgreSQL left running on its data directory, then starts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-leftover-'));
    dataDirs.push(dataDir);
    const clusterDir = path.join(dataDir, 'pg');
    const port = await freePort();
    // As if its server had been killed: nobody stops it, and no watchdog is there to.
    await startEmbeddedDatabase({ dataDir, port, watchdog: false });
    const leftover = await readPostmasterPid(clusterDir);
    expect(leftover).not.toBeNull();
    const notices: string[] = [];
    const again = await startEmbeddedDatabase({
      dataDir,
      port,
      notice: (message) => notices.push(message),
    });
    try {
      expect(await isProcessAlive(leftover?.pid ?? 0)).toBe(false);
      expect(notices.join('\n')).toContain(`stopping PostgreSQL (pid ${leftover?.pid})`);
      expect((await readPostmasterPid(clusterDir))?.pid).not.toBe(leftover?.pid);
    } finally {
      await again.stop();
    }
  });
});

describe('a failed start', () => {
  let blocker: Server | undefined;
  afterAll(async () => {
    await new Promise((resolve) => blocker?.close(resolve) ?? resolve(undefined));
  });

  it(
    'names its cause, with what PostgreSQL said, never a bare undefined',
    async () => {
      const { dataDir, env } = await embeddedEnvironment();
      const pgPort = Number(env.EMBEDDED_PG_PORT);
      const listening = createServer();
      blocker = listening;
      await new Promise<void>((resolve) => listening.listen(pgPort, '127.0.0.1', resolve));
      try {
        const { code, output } = await runServerProcessUntilExit(null, { env });
        expect(code).toBe(1);
        expect(output).toContain('server failed to start');
        expect(output).toContain('embedded PostgreSQL did not start');
        expect(output).toMatch(/could not bind|could not create any TCP\/IP sockets/);
        expect(output).not.toMatch(/server failed to start: undefined/);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    RESTART_TEST_TIMEOUT_MS,
  );
});
