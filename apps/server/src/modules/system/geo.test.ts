import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCountryMmdb } from '../../../test/mmdb-writer.js';
import { normalizeIp, openCountryLookup } from './geo.js';
import { domainRoutesOf, statusCodeOf } from './service.js';

function testDatabaseFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'geo-test-'));
  const file = path.join(dir, 'countries.mmdb');
  writeFileSync(
    file,
    buildCountryMmdb({ '203.0.113.0/24': 'VN', '198.51.100.0/25': 'US', '10.1.0.0/16': 'TH' }),
  );
  return file;
}

const noHeaders = {};

describe('visitor country from a MaxMind database', () => {
  it('finds the country of addresses inside the networks and nothing elsewhere', async () => {
    const lookup = await openCountryLookup({
      countryHeaderTrusted: false,
      databasePath: testDatabaseFile(),
    });
    expect(lookup.countryOf({ ip: '203.0.113.9', headers: noHeaders })).toBe('VN');
    expect(lookup.countryOf({ ip: '203.0.113.255', headers: noHeaders })).toBe('VN');
    expect(lookup.countryOf({ ip: '198.51.100.127', headers: noHeaders })).toBe('US');
    expect(lookup.countryOf({ ip: '198.51.100.128', headers: noHeaders })).toBeNull();
    expect(lookup.countryOf({ ip: '10.1.200.3', headers: noHeaders })).toBe('TH');
    expect(lookup.countryOf({ ip: '192.0.2.1', headers: noHeaders })).toBeNull();
    // An IPv4 client seen on a dual-stack socket; an IPv6 one in an IPv4-only database.
    expect(lookup.countryOf({ ip: '::ffff:203.0.113.4', headers: noHeaders })).toBe('VN');
    expect(lookup.countryOf({ ip: '2001:db8::1', headers: noHeaders })).toBeNull();
  });

  it('refuses to start on a file that is not a database', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'geo-bad-')), 'x.mmdb');
    writeFileSync(file, 'not a database');
    await expect(
      openCountryLookup({ countryHeaderTrusted: false, databasePath: file }),
    ).rejects.toThrow();
  });
});

describe('visitor country from a proxy header', () => {
  it('believes the header only when trusted, and only a two-letter code', async () => {
    const trusted = await openCountryLookup({
      countryHeader: 'CF-IPCountry',
      countryHeaderTrusted: true,
    });
    expect(trusted.countryOf({ ip: '192.0.2.1', headers: { 'cf-ipcountry': 'vn' } })).toBe('VN');
    expect(trusted.countryOf({ ip: '192.0.2.1', headers: { 'cf-ipcountry': 'XX' } })).toBeNull();
    expect(trusted.countryOf({ ip: '192.0.2.1', headers: { 'cf-ipcountry': 'T1' } })).toBeNull();
    expect(trusted.countryOf({ ip: '192.0.2.1', headers: { 'cf-ipcountry': 'VNM' } })).toBeNull();
    expect(trusted.countryOf({ ip: '192.0.2.1', headers: noHeaders })).toBeNull();

    const untrusted = await openCountryLookup({
      countryHeader: 'CF-IPCountry',
      countryHeaderTrusted: false,
    });
    expect(untrusted.countryOf({ ip: '192.0.2.1', headers: { 'cf-ipcountry': 'VN' } })).toBeNull();
  });

  it('prefers the header and falls back to the database', async () => {
    const lookup = await openCountryLookup({
      countryHeader: 'CF-IPCountry',
      countryHeaderTrusted: true,
      databasePath: testDatabaseFile(),
    });
    expect(lookup.countryOf({ ip: '203.0.113.9', headers: { 'cf-ipcountry': 'SG' } })).toBe('SG');
    expect(lookup.countryOf({ ip: '203.0.113.9', headers: noHeaders })).toBe('VN');
  });

  it('normalizes IPv4-mapped addresses only', () => {
    expect(normalizeIp('::ffff:198.51.100.1')).toBe('198.51.100.1');
    expect(normalizeIp('::1')).toBe('::1');
  });
});

describe('status priority', () => {
  const open = { maintenance: false, blockedCountries: ['US', 'SG'] };
  it('is normal, restricted for a blocked country, and maintenance above all', () => {
    expect(statusCodeOf(open, 'VN')).toBe(0);
    expect(statusCodeOf(open, null)).toBe(0);
    expect(statusCodeOf(open, 'US')).toBe(2);
    expect(statusCodeOf({ ...open, maintenance: true }, 'US')).toBe(1);
    expect(statusCodeOf({ ...open, maintenance: true }, 'VN')).toBe(1);
  });
});

describe('domain routes', () => {
  it('offers each plain domain with the request scheme and port', () => {
    expect(
      domainRoutesOf(['Play.Example.com', '*.example.com', 'b.example.com/x', 'localhost'], {
        protocol: 'https',
        host: 'play.example.com:8443',
      }),
    ).toEqual([
      { domain: 'play.example.com', url: 'https://play.example.com:8443' },
      { domain: 'localhost', url: 'https://localhost:8443' },
    ]);
    expect(
      domainRoutesOf(['a.example.com'], { protocol: 'https', host: 'a.example.com:443' }),
    ).toEqual([{ domain: 'a.example.com', url: 'https://a.example.com' }]);
  });
});
