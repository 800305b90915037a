import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_NAME } from '../../../test/fixtures/base-merchant.js';
import { buildCountryMmdb } from '../../../test/mmdb-writer.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { openCountryLookup } from './index.js';

const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), 'geo-medium-')), 'c.mmdb');
writeFileSync(databaseFile, buildCountryMmdb({ '203.0.113.0/24': 'VN', '198.51.100.0/24': 'US' }));
const lookup = await openCountryLookup({
  countryHeader: 'CF-IPCountry',
  countryHeaderTrusted: true,
  databasePath: databaseFile,
});

describe('system states', () => {
  const context = useTestApp({ countryLookup: lookup });

  async function newMerchant(code: string, state: { maintenance?: boolean; blocked?: string[] }) {
    await addMerchant(context.database.db, code);
    await sql`UPDATE merchants SET maintenance = ${state.maintenance ?? false},
      blocked_countries = ${state.blocked ?? []}::text[] WHERE code = ${code}`.execute(
      context.database.db,
    );
  }

  it('answers the country from the database and normal status when nothing is blocked', async () => {
    const { body } = await callApi(context.app, 'GET', '/wps/system/status', {
      ip: '203.0.113.7',
    });
    expect(body.value).toMatchObject({
      status: 0,
      maintenance: false,
      regionRestricted: false,
      location: { ip: '203.0.113.7', country: 'VN' },
    });
  });

  it("answers the merchant's resources and their QR codes, never a QR of other text", async () => {
    const status = await callApi(context.app, 'GET', '/wps/system/status');
    const types = status.body.value.resources.map((r: { resourceType: string }) => r.resourceType);
    expect(types.slice(0, 2)).toEqual(['ANDROID', 'IOS']);
    expect(types).toContain('TELEGRAM1');
    const qr = await callApi(context.app, 'GET', '/wps/system/resourceQr?resourceType=ANDROID');
    expect(qr.body.value.url).toBe('https://fixture.example.com/app.apk');
    expect(qr.body.value.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(qr.body.value.image.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const missing = await callApi(context.app, 'GET', '/wps/system/resourceQr?resourceType=NOPE');
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('NOT_FOUND');
    const tooLong = await callApi(
      context.app,
      'GET',
      `/wps/system/resourceQr?resourceType=${'A'.repeat(33)}`,
    );
    expect(tooLong.status).toBe(400);
  });

  it('lists the merchant domains as lines with the scheme and port of the request', async () => {
    const { body } = await callApi(context.app, 'GET', '/wps/system/domainRoute', {
      headers: { host: '127.0.0.1:8080' },
    });
    expect(body.value).toEqual([
      { domain: 'localhost', url: 'http://localhost:8080' },
      { domain: '127.0.0.1', url: 'http://127.0.0.1:8080' },
    ]);
  });

  it('serves the web app manifest named after the merchant of the host', async () => {
    const demo = await context.app.inject({
      url: '/manifest.webmanifest',
      headers: { host: 'localhost' },
    });
    expect(demo.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(demo.json()).toMatchObject({ name: BASE_MERCHANT_NAME, display: 'standalone' });
    const stranger = await context.app.inject({
      url: '/manifest.webmanifest',
      headers: { host: 'unknown.example.org' },
    });
    expect(stranger.json().name).toBe('Player site');
  });

  it('restricts a blocked country, and maintenance wins over it', async () => {
    const { app } = context;
    // A merchant per state: merchant rows are cached by code for 10 s.
    await newMerchant('BLOCKUS', { blocked: ['US'] });
    await newMerchant('BOTH', { maintenance: true, blocked: ['US'] });
    await newMerchant('MAINT', { maintenance: true });

    const restricted = await callApi(app, 'GET', '/wps/system/status', {
      merchant: 'BLOCKUS',
      ip: '198.51.100.4',
    });
    expect(restricted.body.value).toMatchObject({
      status: 2,
      maintenance: false,
      regionRestricted: true,
      location: { ip: '198.51.100.4', country: 'US' },
    });
    const allowed = await callApi(app, 'GET', '/wps/system/status', {
      merchant: 'BLOCKUS',
      ip: '203.0.113.8',
    });
    expect(allowed.body.value.status).toBe(0);
    const unknown = await callApi(app, 'GET', '/wps/system/status', {
      merchant: 'BLOCKUS',
      ip: '192.0.2.50',
    });
    expect(unknown.body.value).toMatchObject({ status: 0, location: { country: null } });
    // The trusted proxy header names the country before the database.
    const byHeader = await callApi(app, 'GET', '/wps/system/status', {
      merchant: 'BLOCKUS',
      ip: '203.0.113.8',
      headers: { 'cf-ipcountry': 'US' },
    });
    expect(byHeader.body.value).toMatchObject({ status: 2, location: { country: 'US' } });

    const both = await callApi(app, 'GET', '/wps/system/status', {
      merchant: 'BOTH',
      ip: '198.51.100.4',
    });
    expect(both.body.value).toMatchObject({ status: 1, maintenance: true, regionRestricted: true });
    const maintenance = await callApi(app, 'GET', '/wps/system/status', {
      merchant: 'MAINT',
      ip: '203.0.113.8',
    });
    expect(maintenance.body.value).toMatchObject({ status: 1, regionRestricted: false });
  });
});
