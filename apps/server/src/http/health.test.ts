import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerHealthRoutes } from './health.js';

describe('readiness while draining', () => {
  it('answers 503 "draining" once the process stops, while liveness still answers', async () => {
    let draining = false;
    const app = Fastify();
    registerHealthRoutes(app, { checkDatabase: async () => {}, isDraining: () => draining });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    draining = true;
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });
});
