import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/free-port.js';
import { startServer } from './support/server.js';

const headers = { merchant: 'DEMO', 'content-type': 'application/json' };

describe('the server process', () => {
  it('refuses to start on a bad setting and names it', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).toContain('LOG_LEVEL');
  });

  it('keeps its data across a restart and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'platform-restart-'));
    const embeddedPort = await freePort();
    try {
      const first = await startServer({ dataDir, embeddedPort });
      const registered = await fetch(`${first.baseUrl}/wps/member/register`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          username: 'restart1',
          password: 'abc123',
          confirmPassword: 'abc123',
        }),
      });
      expect(registered.status).toBe(200);
      expect(await first.stop()).toBe(0);

      const second = await startServer({ dataDir, embeddedPort });
      const login = await fetch(`${second.baseUrl}/wps/session/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: 'restart1', password: 'abc123' }),
      });
      expect(login.status).toBe(200);
      expect(
        ((await login.json()) as { value: { firstTimeLogin: boolean } }).value.firstTimeLogin,
      ).toBe(false);
      expect(await second.stop()).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
