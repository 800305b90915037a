import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCountryMmdb } from '../apps/server/test/mmdb-writer.js';
import { PHONE_VIEWPORT, useJourney } from './support/journey.js';

/**
 * Merchants beside the demo one, each on its own host under `.localhost` (Chromium sends every
 * *.localhost name to the loopback address), so each state has a fresh merchant cache.
 */
const states = {
  MAINT: { host: 'maint.localhost', maintenance: true, blocked: ['VN'], loginRequired: false },
  BLOCKVN: { host: 'block.localhost', maintenance: false, blocked: ['VN'], loginRequired: false },
  LOGINREQ: { host: 'members.localhost', maintenance: false, blocked: [], loginRequired: true },
} as const;

describe('system states: maintenance, region block, login required, download, installable app', () => {
  const journey = useJourney('system-states', {
    env: async () => {
      // The browser comes from 127.0.0.1, which this database places in Viet Nam.
      const geoDir = await mkdtemp(path.join(tmpdir(), 'geo-e2e-'));
      const geoDb = path.join(geoDir, 'countries.mmdb');
      await writeFile(geoDb, buildCountryMmdb({ '127.0.0.0/8': 'VN', '198.51.100.0/24': 'US' }));
      return {
        GEOIP_DB_PATH: geoDb,
        GEO_COUNTRY_HEADER: 'CF-IPCountry',
        GEO_COUNTRY_HEADER_TRUSTED: 'true',
      };
    },
  });
  let port: string;

  beforeAll(async () => {
    port = new URL(journey.server.baseUrl).port;
    const db = await journey.pg();
    for (const [code, state] of Object.entries(states)) {
      await db.query(
        `INSERT INTO merchants (code, name, currency, currency_symbol, default_language,
           supported_languages, default_game_language, domains, white_label, register_settings,
           resources, customer_service, maintenance, blocked_countries)
         SELECT $1, $2, currency, currency_symbol, default_language, supported_languages,
           default_game_language, $3::text[],
           white_label || jsonb_build_object('loginRequiredHome', $4::boolean),
           register_settings, resources, customer_service, $5, $6::text[]
         FROM merchants WHERE code = 'DEMO'`,
        [
          code,
          `${code} Casino`,
          [state.host],
          state.loginRequired,
          state.maintenance,
          state.blocked,
        ],
      );
    }
  });

  const urlOf = (host: string, pathname = '/') => `http://${host}:${port}${pathname}`;

  async function newPage(
    options: {
      viewport?: { width: number; height: number };
      headers?: Record<string, string>;
    } = {},
  ): Promise<Page> {
    return journey.newPage({
      ...(options.viewport ? { viewport: options.viewport } : {}),
      ...(options.headers ? { extraHTTPHeaders: options.headers } : {}),
    });
  }

  it('shows the maintenance page (which wins over the region block) with contact us', async () => {
    const page = await newPage();
    await page.goto(urlOf(states.MAINT.host, '/help'));
    await page.getByRole('heading', { name: 'System maintenance' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByText('Access restricted').count()).toBe(0);
    await journey.screenshot(page, 'maintenance');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Contact us' }).click(),
    ]);
    // The merchant's live chat (the demo's opens the help centre's contact article).
    await popup.waitForURL(/\/helpmc(#contact)?$/);
    await popup.getByRole('heading', { name: 'Help centre' }).waitFor();
  });

  it('shows the region-block page with the IP and country from the database', async () => {
    const page = await newPage({ viewport: PHONE_VIEWPORT });
    await page.goto(urlOf(states.BLOCKVN.host));
    await page.getByRole('heading', { name: 'Access restricted' }).waitFor();
    const location = page.getByTestId('visitor-location');
    expect(await location.textContent()).toBe('Your IP: 127.0.0.1 · Country: VN');
    await page.getByText(/Our licence does not allow/).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    await journey.screenshot(page, 'region-blocked');

    // Behind a trusted proxy, its country header names the country first.
    const viaProxy = await newPage({ headers: { 'CF-IPCountry': 'SG' } });
    await viaProxy.goto(urlOf(states.BLOCKVN.host));
    await viaProxy.getByRole('banner').waitFor();
    expect(await viaProxy.getByText('Access restricted').count()).toBe(0);
  });

  it('sends visitors without a session to /login when login is required', async () => {
    const page = await newPage();
    await page.goto(urlOf(states.LOGINREQ.host, '/help'));
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Log in to continue' }).waitFor();
    await page.getByRole('main').getByLabel('Username').waitFor();
    await journey.screenshot(page, 'login-required');
    for (const open of ['/download', '/register', '/helpmc']) {
      await page.goto(urlOf(states.LOGINREQ.host, open));
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(open);
    }
    // With a session every page opens.
    await journey.registerMember(page, 'lr', urlOf(states.LOGINREQ.host, ''));
    await page.goto(urlOf(states.LOGINREQ.host, '/help'));
    await page.getByRole('banner').getByText('0.00', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/help');
  });

  it('shows the download guide with QR codes and the measured lines', async () => {
    const { server } = journey;
    const page = await newPage();
    await page.goto(`${server.baseUrl}/download`);
    await page.getByRole('heading', { name: 'App download' }).waitFor();
    const android = page.getByRole('list', { name: 'Steps on Android' });
    await android.getByRole('img', { name: 'QR code: Android app' }).waitFor();
    expect(await android.getByRole('listitem').count()).toBe(4);
    await android.getByText('Add to Home screen').waitFor();
    const lines = page.getByTestId('line');
    expect(await lines.count()).toBe(2);
    const current = lines.filter({ hasText: 'current' });
    await current.getByText(/^\d+ ms$/).waitFor();
    await journey.screenshot(page, 'download-desktop', { fullPage: true });

    await page.getByRole('tab', { name: 'iOS' }).click();
    const ios = page.getByRole('list', { name: 'Steps on iPhone and iPad' });
    await ios.getByRole('img', { name: 'QR code: iOS home-screen profile' }).waitFor();
    expect(await ios.getByRole('listitem').count()).toBe(4);
    await page.setViewportSize({ width: 390, height: 844 });
    await journey.screenshot(page, 'download-phone', { fullPage: true });
  });

  it('serves the manifest and icons, and a service worker that never caches the API', async () => {
    const { server } = journey;
    const manifest = (await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json()) as {
      icons: { src: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Demo Casino', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toEqual([
      'any',
      'any',
      'maskable',
      'maskable',
    ]);
    for (const icon of manifest.icons as { src: string }[]) {
      const response = await fetch(`${server.baseUrl}${icon.src}`);
      expect(response.headers.get('content-type')).toBe('image/png');
      // An unread body keeps the connection open, and the server's stop waits for it.
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const worker = await fetch(`${server.baseUrl}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(await worker.text()).toContain("'/wps'");

    const page = await newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('banner').waitFor();
    // Browser code as text: the e2e project is type-checked without the DOM library.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    // The next load is answered through the worker; then the API is called again.
    await page.reload();
    await page.getByRole('banner').waitFor();
    expect(await page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
    await page.evaluate(`Promise.all([
      fetch('/wps/system/status', { headers: { Merchant: 'DEMO' } }),
      fetch('/wps/system/domainRoute', { headers: { Merchant: 'DEMO' } }),
    ]).then(() => true)`);
    const cached = (await page.evaluate(`(async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    })()`)) as string[];
    expect(cached.some((url) => url.includes('/assets/'))).toBe(true);
    expect(cached.filter((url) => /\/(wps|lgw|lotto|admin|docs)\b/.test(url))).toEqual([]);
    expect(journey.pageErrors).toEqual([]);
  });
});
