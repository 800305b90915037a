import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../test/fixtures/base-merchant.js';
import { useTestApp } from '../../test/test-app.js';

const PROXY_GIVEN_ID = '0b6f3c1e-9a4d-4c2b-8e7f-1234567890ab';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function memoryLog() {
  const lines: Array<{ msg: string; reqId?: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe('request ids with no proxy in front', () => {
  const log = memoryLog();
  const context = useTestApp({ loggerInstance: log.logger });

  it('gives an error reply and its log line the same fresh id, ignoring one the caller chose', async () => {
    const answer = await context.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: {
        'content-type': 'application/json',
        'x-request-id': PROXY_GIVEN_ID,
        merchant: BASE_MERCHANT_CODE,
      },
      payload: '',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
    const requestId = answer.headers['x-request-id'];
    expect(requestId).toMatch(UUID);
    expect(requestId).not.toBe(PROXY_GIVEN_ID);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ msg: 'request refused', reqId: requestId }),
    );
  });

  it('names unmatched routes too', async () => {
    const answer = await context.app.inject({ method: 'GET', url: '/wps/no/such/call' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });
});

describe('request ids behind a trusted proxy', () => {
  const context = useTestApp({ trustProxy: true });

  const idFor = async (given: string) =>
    (
      await context.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': given },
      })
    ).headers['x-request-id'];

  it("keeps the proxy's id when it is a well-formed UUID", async () => {
    expect(await idFor(PROXY_GIVEN_ID)).toBe(PROXY_GIVEN_ID);
  });

  it('replaces a malformed one with a fresh id', async () => {
    for (const given of ['abc', `${PROXY_GIVEN_ID}x`, 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      const id = await idFor(given);
      expect(id).toMatch(UUID);
      expect(id).not.toBe(given);
    }
  });
});
