import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCountryMmdb } from '../apps/server/test/mmdb-writer.js';
import { launchBrowser } from './support/browser.js';
import { databaseUrlOf, type RunningServer, startServer } from './support/server.js';
import { registerOnPage, STEP_TIMEOUT_MS } from './support/site.js';

/** Where the journey's screenshots go, to look at after a run. */
const screenshotDir = path.join(tmpdir(), 'e2e-screenshots');

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
  let server: RunningServer;
  let browser: Browser;
  let port: string;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // The browser comes from 127.0.0.1, which this database places in Viet Nam.
    const geoDir = await mkdtemp(path.join(tmpdir(), 'geo-e2e-'));
    const geoDb = path.join(geoDir, 'countries.mmdb');
    await writeFile(geoDb, buildCountryMmdb({ '127.0.0.0/8': 'VN', '198.51.100.0/24': 'US' }));
    [server, browser] = await Promise.all([
      startServer({
        env: {
          GEOIP_DB_PATH: geoDb,
          GEO_COUNTRY_HEADER: 'CF-IPCountry',
          GEO_COUNTRY_HEADER_TRUSTED: 'true',
        },
      }),
      launchBrowser(),
    ]);
    port = new URL(server.baseUrl).port;
    const db = new pg.Client({ connectionString: await databaseUrlOf(server) });
    await db.connect();
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
    await db.end();
    await mkdir(screenshotDir, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    if (server) {
      const code = await server.stop();
      if (code !== 0) console.log(server.output().slice(-3000));
      expect(code).toBe(0);
    }
  });

  const urlOf = (host: string, pathname = '/') => `http://${host}:${port}${pathname}`;

  async function newPage(
    options: {
      viewport?: { width: number; height: number };
      headers?: Record<string, string>;
    } = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      ...(options.headers ? { extraHTTPHeaders: options.headers } : {}),
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  }

  it('shows the maintenance page (which wins over the region block) with contact us', async () => {
    const page = await newPage();
    await page.goto(urlOf(states.MAINT.host, '/help'));
    await page.getByRole('heading', { name: 'System maintenance' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByText('Access restricted').count()).toBe(0);
    await page.screenshot({ path: `${screenshotDir}/maintenance.png`, animations: 'disabled' });
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Contact us' }).click(),
    ]);
    // The merchant's live chat (the demo's opens the help centre's contact article).
    await popup.waitForURL(/\/helpmc(#contact)?$/);
    await popup.getByRole('heading', { name: 'Help centre' }).waitFor();
  });

  it('shows the region-block page with the IP and country from the database', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(urlOf(states.BLOCKVN.host));
    await page.getByRole('heading', { name: 'Access restricted' }).waitFor();
    const location = page.getByTestId('visitor-location');
    expect(await location.textContent()).toBe('Your IP: 127.0.0.1 · Country: VN');
    await page.getByText(/Our licence does not allow/).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    await page.screenshot({ path: `${screenshotDir}/region-blocked.png`, animations: 'disabled' });

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
    await page.screenshot({ path: `${screenshotDir}/login-required.png`, animations: 'disabled' });
    for (const open of ['/download', '/register', '/helpmc']) {
      await page.goto(urlOf(states.LOGINREQ.host, open));
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(open);
    }
    // With a session every page opens.
    await registerOnPage(page, urlOf(states.LOGINREQ.host, ''), `lr${Date.now().toString(36)}`);
    await page.goto(urlOf(states.LOGINREQ.host, '/help'));
    await page.getByRole('banner').getByText('0.00', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/help');
  });

  it('shows the download guide with QR codes and the measured lines', async () => {
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
    await page.screenshot({
      path: `${screenshotDir}/download-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });

    await page.getByRole('tab', { name: 'iOS' }).click();
    const ios = page.getByRole('list', { name: 'Steps on iPhone and iPad' });
    await ios.getByRole('img', { name: 'QR code: iOS home-screen profile' }).waitFor();
    expect(await ios.getByRole('listitem').count()).toBe(4);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: `${screenshotDir}/download-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });
  });

  it('serves the manifest and icons, and a service worker that never caches the API', async () => {
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
    expect(pageErrors).toEqual([]);
  });
});
