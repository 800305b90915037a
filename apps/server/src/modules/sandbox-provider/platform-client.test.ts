import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from './platform-client.js';
import { signSeamlessBody } from './signature.js';

const SECRET = 'a-test-secret-of-the-sandbox-provider';

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A fake platform over real HTTP: checks the signature as the protocol says, answers a script. */
describe('sandbox platform client', () => {
  const seen: Seen[] = [];
  let answer: (seen: Seen) => { status: number; body: string } = () => ({
    status: 200,
    body: '{}',
  });
  let server: Server;
  let baseUrl = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const entry = { url: request.url ?? '', headers: request.headers, body };
        seen.push(entry);
        const { status, body: out } = answer(entry);
        response.writeHead(status, { 'content-type': 'application/json' }).end(out);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = (timeoutMs = 2_000) =>
    createPlatformClient({
      baseUrl,
      vassalage: 'SBX',
      secret: async () => SECRET,
      timeoutMs,
      now: () => 1_700_000_000_000,
    });

  it('signs HMAC-SHA256(secret, "<timestamp>.<raw body>") and posts to /seamless/v1/SBX/<action>', async () => {
    answer = () => ({
      status: 200,
      body: JSON.stringify({ success: true, value: { balanceMinor: 900, transactionId: 't1' } }),
    });
    const result = await client().bet({
      sessionId: 's',
      transactionId: 't1',
      roundId: 'r1',
      amountMinor: 100,
      gameCode: 'coin-flip',
    });
    expect(result).toEqual({ kind: 'ok', value: { balanceMinor: 900, transactionId: 't1' } });
    const request = seen.at(-1) as Seen;
    expect(request.url).toBe('/seamless/v1/SBX/bet');
    expect(request.headers['x-provider-timestamp']).toBe('1700000000000');
    const expected = createHmac('sha256', SECRET)
      .update(`1700000000000.${request.body}`)
      .digest('hex');
    expect(request.headers['x-provider-signature']).toBe(`sha256=${expected}`);
    expect(signSeamlessBody(SECRET, 1_700_000_000_000, request.body)).toBe(`sha256=${expected}`);
    expect(JSON.parse(request.body)).toEqual({
      sessionId: 's',
      transactionId: 't1',
      roundId: 'r1',
      amountMinor: 100,
      gameCode: 'coin-flip',
    });
  });

  it('an error envelope is a refusal with its code; a 5xx or garbage is unavailable', async () => {
    answer = () => ({
      status: 409,
      body: JSON.stringify({
        success: false,
        errorCode: 'SEAMLESS_INSUFFICIENT_FUNDS',
        message: 'x',
      }),
    });
    expect(await client().balance('s')).toEqual({
      kind: 'refused',
      status: 409,
      errorCode: 'SEAMLESS_INSUFFICIENT_FUNDS',
    });
    answer = () => ({ status: 502, body: 'bad gateway' });
    expect((await client().balance('s')).kind).toBe('unavailable');
    answer = () => ({ status: 200, body: 'not json' });
    expect((await client().balance('s')).kind).toBe('unavailable');
  });

  it('a platform that does not answer in time is unavailable, not refused', async () => {
    answer = () => ({ status: 200, body: '{}' });
    const silent = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const result = await createPlatformClient({
      baseUrl: `http://127.0.0.1:${port}`,
      vassalage: 'SBX',
      secret: async () => SECRET,
      timeoutMs: 100,
    }).balance('s');
    expect(result.kind).toBe('unavailable');
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('without a secret nothing is sent', async () => {
    const before = seen.length;
    const result = await createPlatformClient({
      baseUrl,
      vassalage: 'SBX',
      secret: async () => undefined,
    }).balance('s');
    expect(result.kind).toBe('unavailable');
    expect(seen.length).toBe(before);
  });
});
