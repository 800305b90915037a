import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../test/fixtures/base-merchant.js';
import { useTestApp } from '../../test/test-app.js';

function builtSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-123.js' },
      'src/features/content/components/banner-carousel.tsx': {
        file: 'assets/carousel-abc.js',
        imports: ['index.html', '_shared-def.js'],
      },
      '_shared-def.js': { file: 'assets/shared-def.js' },
    }),
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

interface BootData {
  status: { merchant: { code: string } };
  queries?: [unknown[], unknown][];
}

function bootDataOf(html: string): BootData | null {
  const match = /<script type="application\/json" id="boot-data">(.*?)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as BootData) : null;
}

describe('WEB_BOOT_DATA: the home page carries its first screen’s data', () => {
  const context = useTestApp({ webDistDir: builtSite(), webBootData: true });

  it('embeds the site status and the home banners as the calls answer them, gzipped', async () => {
    const response = await context.app.inject({
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = gunzipSync(response.rawPayload).toString('utf8');
    const data = bootDataOf(html);
    expect(data?.status.merchant.code).toBe(BASE_MERCHANT_CODE);
    const banners = await context.app.inject({
      url: '/wps/system/banners?groupName=home',
      headers: { merchant: BASE_MERCHANT_CODE },
    });
    expect(data?.queries).toEqual([[['content', 'banners', 'home', 'EN'], banners.json().value]]);
    // The data sits in the head, before the app's own markup.
    expect(html.indexOf('id="boot-data"')).toBeLessThan(html.indexOf('id="root"'));
  });

  it('escapes < so that no text in the data can close the element', async () => {
    const response = await context.app.inject('/');
    const block = /id="boot-data">([\s\S]*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(block).not.toContain('<');
  });

  it('gives every page path the status, and its own banner group where it has one', async () => {
    const register = bootDataOf((await context.app.inject('/register')).body);
    expect(register?.status.merchant.code).toBe(BASE_MERCHANT_CODE);
    expect(register?.queries?.[0]?.[0]).toEqual(['content', 'banners', 'w_reg', 'EN']);
    const unknown = bootDataOf((await context.app.inject('/no/such/page')).body);
    expect(unknown?.status.merchant.code).toBe(BASE_MERCHANT_CODE);
    expect(unknown?.queries).toBeUndefined();
  });

  it('preloads the banner carousel’s chunk and its imports where the page has banners', async () => {
    const home = (await context.app.inject('/')).body;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/carousel-abc.js">');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-def.js">');
    const unknown = (await context.app.inject('/no/such/page')).body;
    expect(unknown).not.toContain('carousel-abc');
  });

  it('still answers a missing file and an unknown API path with 404', async () => {
    expect((await context.app.inject('/assets/missing.js')).statusCode).toBe(404);
    expect((await context.app.inject('/wps/no-such-call')).statusCode).toBe(404);
  });
});

describe('without WEB_BOOT_DATA', () => {
  const context = useTestApp({ webDistDir: builtSite() });

  it('serves index.html unchanged', async () => {
    const response = await context.app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('boot-data');
  });
});
