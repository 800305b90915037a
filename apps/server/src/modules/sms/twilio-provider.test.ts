import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.js';
import { createTwilioSmsProvider } from './twilio-provider.js';

interface Seen {
  method: string;
  url: string;
  authorization: string;
  contentType: string;
  form: URLSearchParams;
}

/** A local stand-in for api.twilio.com; each test says how it answers. */
describe('Twilio SMS provider', () => {
  const seen: Seen[] = [];
  let answer: (response: ServerResponse) => void;
  let server: Server;
  let baseUrl = '';
  const logged: Array<{ details: object; message: string }> = [];
  const token = 'tok3n-secret-value';

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          authorization: request.headers.authorization ?? '',
          contentType: request.headers['content-type'] ?? '',
          form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        });
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    seen.length = 0;
    logged.length = 0;
  });

  function provider(timeoutMs?: number) {
    return createTwilioSmsProvider({
      accountSid: 'AC0123456789',
      authToken: token,
      from: '+15005550006',
      baseUrl,
      logError: (details, message) => logged.push({ details, message }),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  }

  const message = { merchantCode: 'DEMO', number: '84912345678', text: 'Your code is 123456' };

  it('posts the form to the Messages resource with Basic auth', async () => {
    answer = (response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: 'SM1', status: 'queued' }));
    };
    await provider().send(message);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`AC0123456789:${token}`).toString('base64')}`,
    );
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+84912345678',
      From: '+15005550006',
      Body: 'Your code is 123456',
    });
    expect(logged).toHaveLength(0);
  });

  it("turns a refusal into SPEC §8's phone provider code and logs it without the token", async () => {
    answer = (response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          code: 21211,
          message: `The 'To' number is not valid (auth ${token})`,
          status: 400,
        }),
      );
    };
    const failure = await provider()
      .send(message)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).errorCode).toBe('PHONE_NUMBER_INVALID');
    expect((failure as AppError).details).toMatchObject({ providerCode: 'invalid-phone-number' });
    expect(logged).toHaveLength(1);
    expect(logged[0]?.details).toMatchObject({
      provider: 'twilio',
      status: 400,
      twilioCode: 21211,
    });
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it('gives up on a gateway that does not answer in time', async () => {
    answer = () => {};
    const failure = await provider(200)
      .send(message)
      .catch((error: unknown) => error);
    expect((failure as AppError).errorCode).toBe('SMS_SEND_FAILED');
    expect(logged[0]?.message).toBe('sms provider unreachable');
    expect(logged[0]?.details).toMatchObject({ error: 'TimeoutError' });
  });
});
