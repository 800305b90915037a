import { systemStatusSchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';

describe('system calls', () => {
  const context = useTestApp();

  it('answers the status of the merchant named by the Merchant header', async () => {
    const { status, body } = await callApi(context.app, 'GET', '/wps/system/status', {
      ip: '203.0.113.9',
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const value = systemStatusSchema.parse(body.value);
    expect(value.status).toBe(0);
    expect(value.merchant).toMatchObject({
      code: 'DEMO',
      defaultLanguage: 'EN',
      supportedLanguages: ['EN', 'VI', 'CN', 'ID', 'PT', 'PT-BR', 'TH', 'TY'],
    });
    expect(value.registerSettings.username).toMatchObject({ enabled: true, required: true });
    expect(Object.keys(value.registerSettings)).toHaveLength(16);
    expect(value.location.ip).toBe('203.0.113.9');
  });

  it('picks the merchant by host name when no header names one', async () => {
    await addMerchant(context.database.db, 'SECOND', { domains: ['play.example.com'] });
    const { body } = await callApi(context.app, 'GET', '/wps/system/status', {
      merchant: null,
      headers: { host: 'play.example.com:8080' },
    });
    expect(body.value.merchant.code).toBe('SECOND');
  });

  it('refuses an unknown merchant and a request that names none from an unknown host', async () => {
    const unknown = await callApi(context.app, 'GET', '/wps/system/whitelabel', {
      merchant: 'NOPE',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, errorCode: 'MERCHANT_UNKNOWN' });
    expect(unknown.body.message).toMatch(/contact customer service/);

    const none = await callApi(context.app, 'GET', '/wps/system/whitelabel', {
      merchant: null,
      headers: { host: 'elsewhere.example.org' },
    });
    expect(none.status).toBe(400);
    expect(none.body.errorCode).toBe('MERCHANT_REQUIRED');
  });

  it('answers the white-label switches and the registration rules', async () => {
    const switches = await callApi(context.app, 'GET', '/wps/system/whitelabel');
    expect(switches.body.value.directRegistration).toBe(true);
    const rules = await callApi(context.app, 'GET', '/wps/system/setting/register');
    expect(rules.body.value.password).toMatchObject({ patternId: 5, minLength: 6, maxLength: 20 });
    expect(rules.body.value.email.enabled).toBe(false);
  });

  it('answers unknown API paths with the error envelope', async () => {
    const { status, body } = await callApi(context.app, 'GET', '/wps/no/such/call');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  it('reports health and readiness', async () => {
    expect((await context.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await context.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('describes every call in OpenAPI from the contract', async () => {
    const document = (await context.app.inject('/docs/json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/wps/system/status',
        '/wps/member/register',
        '/wps/session/login',
        '/wps/session/logout',
        '/wps/member/info',
        '/wps/v2/wallets/balance',
      ]),
    );
    expect(document.paths['/wps/session/login'].post.requestBody).toBeDefined();
  });
});
