import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { callApi, useTestApp } from '../../test/test-app.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

const lines: LogLine[] = [];
const memory = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

describe('request logging at the default level', () => {
  const context = useTestApp({
    loggerInstance: pino({ level: 'info' }, memory),
    // Every request counts as slow here, and the summary comes quickly.
    requestLogging: { slowRequestThresholdMs: 0, accessSummaryIntervalMs: 50 },
  });

  it('writes no line per request, but slow requests with their id and a summary per interval', async () => {
    const answered = await callApi(context.app, 'GET', '/wps/system/status');
    expect(answered.status).toBe(200);
    const requestId = answered.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    await expect
      .poll(() => lines.find((line) => line.msg === 'access summary'))
      .toMatchObject({
        accessSummary: {
          count: 1,
          routes: [{ route: 'GET /wps/system/status', count: 1, status2xx: 1 }],
        },
      });
    expect(lines.filter((line) => line.msg === 'slow request')).toEqual([
      expect.objectContaining({ reqId: requestId, statusCode: 200, level: 40 }),
    ]);
    const perRequest = lines.filter((line) =>
      ['incoming request', 'request completed'].includes(line.msg),
    );
    expect(perRequest).toEqual([]);
  });
});
