import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { defineJob } from './registry.js';
import { type JobRunner, startJobRunner } from './runner.js';

describe('job runner', () => {
  let database: TestDatabase;
  let runner: JobRunner;
  const received: { orderId: number }[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    runner = await startJobRunner({
      connectionString: database.url,
      jobs: [
        defineJob({
          name: 'test-echo',
          payload: z.object({ orderId: z.number().int() }),
          handler: async (payload) => {
            received.push(payload);
          },
        }),
      ],
      log: { info: () => {}, error: (details) => errors.push(details) },
    });
  });

  afterAll(async () => {
    await runner?.stop();
    await database?.drop();
  });

  it('runs a queued job once with its parsed payload', async () => {
    await runner.send('test-echo', { orderId: 42 });
    const deadline = Date.now() + 15_000;
    while (received.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(received).toEqual([{ orderId: 42 }]);
    expect(errors).toEqual([]);
  });
});
