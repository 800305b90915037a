import Fastify, { type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LOAD_SHEDDING_LIMITS,
  installLoadShedding,
  isExemptFromShedding,
} from './load-shedding.js';

const requestOf = (method: string, url: string, headers: Record<string, string> = {}) =>
  ({ method, url, headers }) as unknown as FastifyRequest;

describe('what may be shed', () => {
  it('spares probes, WebSocket upgrades and the web app files, never API calls', () => {
    expect(isExemptFromShedding(requestOf('GET', '/healthz'))).toBe(true);
    expect(isExemptFromShedding(requestOf('GET', '/readyz?full=1'))).toBe(true);
    expect(isExemptFromShedding(requestOf('GET', '/ws', { upgrade: 'websocket' }))).toBe(true);
    expect(isExemptFromShedding(requestOf('GET', '/assets/index-abc.js'))).toBe(true);
    expect(isExemptFromShedding(requestOf('GET', '/home'))).toBe(true);
    expect(isExemptFromShedding(requestOf('GET', '/wps/system/status'))).toBe(false);
    expect(isExemptFromShedding(requestOf('POST', '/wps/builtin/play'))).toBe(false);
    expect(isExemptFromShedding(requestOf('POST', '/home'))).toBe(false);
    expect(isExemptFromShedding(requestOf('GET', '/admin/audit-log'))).toBe(false);
  });
});

describe('shedding on event-loop delay', () => {
  const app = Fastify();
  afterEach(async () => {
    await app.close();
  });

  it('refuses API calls while the loop is late, then serves them again', async () => {
    const shedder = installLoadShedding(app, {
      limits: {
        ...DEFAULT_LOAD_SHEDDING_LIMITS,
        maxEventLoopDelayMs: 50,
        eventLoopMinRequestsInFlight: 0,
        eventLoopSampleIntervalMs: 50,
        readyHoldMs: 0,
      },
      databasePoolWaiting: () => 0,
    });
    app.get('/wps/ping', async () => ({ ok: true }));
    app.get('/healthz', async () => ({ status: 'ok' }));
    await app.ready();

    // The process is blocked as a CPU-bound burst would block it.
    const blockedUntil = Date.now() + 1_000;
    while (Date.now() < blockedUntil) {
      // busy
    }
    await expect
      .poll(async () => (await app.inject('/wps/ping')).statusCode, { timeout: 5_000 })
      .toBe(503);
    expect(shedder.isShedding()).toBe(true);
    expect((await app.inject('/healthz')).statusCode).toBe(200);

    await expect
      .poll(async () => (await app.inject('/wps/ping')).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect(shedder.state().shedTotal).toBeGreaterThan(0);
  }, 30_000);
});
