import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolledOperator } from '../../../test/admin-helpers.js';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { WEB_VITALS_PER_IP_LIMIT } from './routes.js';
import { createWebVitalsService } from './service.js';

const context = useTestApp();
const REPORT_PATH = '/wps/web-vitals';
const REPORT_BODY = {
  route: '/promotions',
  device: 'mobile',
  connection: '4g',
  metrics: [
    { name: 'LCP', value: 1834.5 },
    { name: 'CLS', value: 0.02 },
  ],
};
const DAY_MS = 86_400_000;

async function storedSamples(merchantCode: string): Promise<number> {
  const result = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM web_vitals_samples WHERE merchant_code = ${merchantCode}
  `.execute(context.database.db);
  return result.rows[0]?.count ?? 0;
}

async function report(body: unknown, options: { ip?: string; merchant?: string } = {}) {
  return callApi(context.app, 'POST', REPORT_PATH, { body, ...options });
}

describe('POST /wps/web-vitals (real-user Web Vitals)', () => {
  beforeAll(() => addMerchant(context.database.db, 'VITALSB'));

  it('stores one sample per metric for the request’s merchant, with no member or address', async () => {
    await addMerchant(context.database.db, 'VITALSA');
    const response = await report(REPORT_BODY, { merchant: 'VITALSA' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, value: { stored: 2 } });
    const rows = await sql<Record<string, unknown>>`
      SELECT * FROM web_vitals_samples WHERE merchant_code = 'VITALSA' ORDER BY metric
    `.execute(context.database.db);
    expect(rows.rows.map((row) => [row.metric, row.metric_value, row.route, row.device])).toEqual([
      ['CLS', 0.02, '/promotions', 'mobile'],
      ['LCP', 1834.5, '/promotions', 'mobile'],
    ]);
    expect(Object.keys(rows.rows[0] ?? {}).sort()).toEqual([
      'connection',
      'device',
      'id',
      'merchant_code',
      'metric',
      'metric_value',
      'recorded_at',
      'route',
    ]);
  });

  it.each([
    ['a path with a query string', { ...REPORT_BODY, route: '/promoDetail?id=5' }],
    ['free text as the route', { ...REPORT_BODY, route: '/hello world@example.com' }],
    ['an unknown metric', { ...REPORT_BODY, metrics: [{ name: 'FID', value: 10 }] }],
    ['a negative value', { ...REPORT_BODY, metrics: [{ name: 'LCP', value: -1 }] }],
    ['a timing over ten minutes', { ...REPORT_BODY, metrics: [{ name: 'TTFB', value: 600_001 }] }],
    ['too many metrics', { ...REPORT_BODY, metrics: Array(11).fill({ name: 'INP', value: 40 }) }],
    ['no metric', { ...REPORT_BODY, metrics: [] }],
    ['an unknown device class', { ...REPORT_BODY, device: 'watch' }],
    ['an extra field (personal data)', { ...REPORT_BODY, username: 'player1' }],
  ])('refuses %s with 400 VALIDATION_FAILED and stores nothing', async (_name, body) => {
    const response = await report(body, { merchant: 'VITALSB' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
    expect(await storedSamples('VITALSB')).toBe(0);
  });

  it('refuses a body over its 2 KB bound before parsing it', async () => {
    const response = await report({ ...REPORT_BODY, padding: 'x'.repeat(4096) });
    expect(response.status).toBe(413);
    expect(response.body.success).toBe(false);
  });

  it('answers 429 RATE_LIMITED once an address has sent its reports for the minute', async () => {
    const ip = '198.51.100.77';
    for (let sent = 0; sent < WEB_VITALS_PER_IP_LIMIT.limit; sent += 1) {
      expect((await report(REPORT_BODY, { ip })).status).toBe(200);
    }
    const refused = await report(REPORT_BODY, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('RATE_LIMITED');
    // Another address is not held back.
    expect((await report(REPORT_BODY, { ip: '198.51.100.78' })).status).toBe(200);
  });
});

describe('GET /admin/reports/web-vitals (p75 per route, device and metric)', () => {
  it('answers the 75th percentile of the operator’s merchant over the period only', async () => {
    // The operator's merchant is the fixture merchant; VITALSD is another site.
    const merchantCode = BASE_MERCHANT_CODE;
    await addMerchant(context.database.db, 'VITALSD');
    // LCP on phones at /: 1000, 2000, 3000, 4000 → p75 (continuous) 3250.
    for (const value of [1000, 2000, 3000, 4000]) {
      const body = { ...REPORT_BODY, route: '/', metrics: [{ name: 'LCP', value }] };
      expect((await report(body, { merchant: merchantCode })).status).toBe(200);
    }
    const desktop = {
      ...REPORT_BODY,
      route: '/',
      device: 'desktop',
      metrics: [{ name: 'LCP', value: 900 }],
    };
    await report(desktop, { merchant: merchantCode });
    // Another merchant's sample and a sample outside the period are not counted.
    await report(
      { ...REPORT_BODY, route: '/', metrics: [{ name: 'LCP', value: 9000 }] },
      { merchant: 'VITALSD' },
    );
    await sql`
      INSERT INTO web_vitals_samples (merchant_code, route, device, connection, metric, metric_value, recorded_at)
      VALUES (${merchantCode}, '/', 'mobile', '4g', 'LCP', 99999, now() - interval '3 days')
    `.execute(context.database.db);

    const { token } = await enrolledOperator(
      context.app,
      context.database.db,
      'vitals-reader',
      'read-only',
    );
    const nowMs = Date.now();
    const response = await callApi(
      context.app,
      'GET',
      `/admin/reports/web-vitals?fromMs=${nowMs - DAY_MS}&toMs=${nowMs + 60_000}`,
      { token },
    );
    expect(response.status).toBe(200);
    const groups = response.body.value.groups as Array<Record<string, unknown>>;
    expect(groups.filter((group) => group.route === '/')).toEqual([
      { route: '/', device: 'mobile', metric: 'LCP', p75: 3250, samples: 4 },
      { route: '/', device: 'desktop', metric: 'LCP', p75: 900, samples: 1 },
    ]);
    expect(response.body.value.truncated).toBe(false);
  });

  it('refuses a period longer than the 30 days the samples are kept', async () => {
    const { token } = await enrolledOperator(
      context.app,
      context.database.db,
      'vitals-period',
      'admin',
    );
    const nowMs = Date.now();
    const response = await callApi(
      context.app,
      'GET',
      `/admin/reports/web-vitals?fromMs=${nowMs - 31 * DAY_MS}&toMs=${nowMs}`,
      { token },
    );
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe('VALIDATION_FAILED');
  });
});

describe('retention', () => {
  it('deletes samples older than 30 days and keeps the newer ones', async () => {
    const merchantCode = 'VITALSE';
    await addMerchant(context.database.db, merchantCode);
    await sql`
      INSERT INTO web_vitals_samples (merchant_code, route, device, connection, metric, metric_value, recorded_at)
      VALUES (${merchantCode}, '/', 'mobile', '4g', 'LCP', 1, now() - interval '31 days'),
             (${merchantCode}, '/', 'mobile', '4g', 'LCP', 2, now() - interval '29 days')
    `.execute(context.database.db);
    await createWebVitalsService(context.database.db).prune();
    const kept = await sql<{ metric_value: number }>`
      SELECT metric_value FROM web_vitals_samples WHERE merchant_code = ${merchantCode}
    `.execute(context.database.db);
    expect(kept.rows).toEqual([{ metric_value: 2 }]);
  });
});
