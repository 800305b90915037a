import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageSmsCodes, uniqueMobileNumber } from '../../../test/sms-helpers.js';
import { callApi } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { solveCaptcha } from '../../../test/verification-helpers.js';
import { buildApp } from '../../app.js';
import { createServices } from '../../services.js';
import { createTwilioSmsProvider } from './index.js';

/** The SMS calls with the Twilio provider against a local fake of its API. */
describe('SMS codes through Twilio', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let gateway: Server;
  let status = 201;
  /** The code the fake answers a refusal with (Twilio's test credentials give these). */
  let twilioCode = 20003;
  const bodies: URLSearchParams[] = [];
  const logged: object[] = [];

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(status < 300 ? { sid: 'SM1' } : { code: twilioCode, status }));
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    database = await createTestDatabase();
    const smsProvider = createTwilioSmsProvider({
      accountSid: 'ACtest',
      authToken: 'token-not-logged',
      from: '+15005550006',
      baseUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
      logError: (details) => logged.push(details),
    });
    app = await buildApp({
      db: database.db,
      services: createServices(database.db, { smsProvider }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    gateway.closeAllConnections();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  async function send(mobileNum: string) {
    const captchaResponse = await callApi(app, 'GET', '/wps/captcha');
    const { captchaId } = captchaResponse.body.value as { captchaId: string };
    return callApi(app, 'POST', '/wps/verification/sms/register', {
      body: {
        countryDialingCode: '84',
        mobileNum,
        captchaId,
        captcha: await solveCaptcha(database.db, captchaId),
      },
    });
  }

  async function sendNoLogin(mobileNum: string) {
    const captchaResponse = await callApi(app, 'GET', '/wps/captcha');
    const { captchaId } = captchaResponse.body.value as { captchaId: string };
    return callApi(app, 'POST', '/wps/verification/sms/noLogin', {
      body: {
        countryDialingCode: '84',
        mobileNum,
        captchaId,
        captcha: await solveCaptcha(database.db, captchaId),
      },
    });
  }

  it('sends the code through the gateway', async () => {
    status = 201;
    const mobileNum = uniqueMobileNumber();
    const response = await send(mobileNum);
    expect(response.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const sent = bodies.at(-1);
    expect(sent?.get('To')).toBe(`+84${mobileNum}`);
    expect(sent?.get('Body')).toMatch(/your verification code is \d{6}/);
  });

  it('answers SMS_SEND_FAILED when the gateway refuses, and logs no token', async () => {
    status = 401;
    const response = await send(uniqueMobileNumber());
    expect(response).toMatchObject({
      status: 502,
      body: {
        success: false,
        errorCode: 'SMS_SEND_FAILED',
        message: 'The SMS could not be sent. Please try again later',
      },
    });
    expect(logged.at(-1)).toMatchObject({ provider: 'twilio', status: 401, twilioCode: 20003 });
    expect(JSON.stringify(logged)).not.toContain('token-not-logged');
  });

  it("answers the provider's failures as SPEC §8's phone provider codes, translated", async () => {
    const modes = [
      [
        400,
        21211,
        400,
        'PHONE_NUMBER_INVALID',
        'invalid-phone-number',
        'Số điện thoại không hợp lệ',
      ],
      [429, 20429, 429, 'PHONE_TOO_MANY_REQUESTS', 'too-many-requests', 'sau 5 phút'],
      [400, 30023, 429, 'PHONE_QUOTA_EXCEEDED', 'quota-exceeded', 'chăm sóc khách hàng'],
      [400, 21408, 403, 'PHONE_IDENTITY_DISABLED', 'operation-not-allowed', ''],
      [500, 20500, 502, 'SMS_SEND_FAILED', 'unknown', ''],
    ] as const;
    for (const [gatewayStatus, code, httpStatus, errorCode, providerCode, text] of modes) {
      status = gatewayStatus;
      twilioCode = code;
      const captchaResponse = await callApi(app, 'GET', '/wps/captcha');
      const { captchaId } = captchaResponse.body.value as { captchaId: string };
      const response = await callApi(app, 'POST', '/wps/verification/sms/register', {
        language: 'VI',
        body: {
          countryDialingCode: '84',
          mobileNum: uniqueMobileNumber(),
          captchaId,
          captcha: await solveCaptcha(database.db, captchaId),
        },
      });
      expect(response.status).toBe(httpStatus);
      expect(response.body).toMatchObject({ errorCode, details: { providerCode } });
      expect(response.body.message).toContain(text);
    }
    twilioCode = 20003;
  });

  it('answers noLogin the same for a member whose SMS failed as for a stranger', async () => {
    status = 201;
    const mobileNum = uniqueMobileNumber();
    await send(mobileNum);
    const code = /\b(\d{6})\b/.exec(bodies.at(-1)?.get('Body') ?? '')?.[1];
    const registered = await callApi(app, 'PUT', '/wps/member/register/mobile', {
      body: {
        countryDialingCode: '84',
        mobileNum,
        verificationCode: code,
        password: 'secret123',
        confirmPassword: 'secret123',
        login: false,
      },
    });
    expect(registered.body.success).toBe(true);
    // The next send to this number is a minute away.
    await ageSmsCodes(database.db, `84${mobileNum}`, 61_000);
    status = 500;
    const sentBefore = bodies.length;
    const member = await sendNoLogin(mobileNum);
    expect(bodies.length).toBe(sentBefore + 1);
    const stranger = await sendNoLogin(uniqueMobileNumber());
    expect(member.body).toEqual(stranger.body);
    expect(member.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
  });
});
