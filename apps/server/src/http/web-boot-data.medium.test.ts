import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../test/fixtures/base-merchant.js';
import { useTestApp } from '../../test/test-app.js';

function builtSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

interface BootData {
  status: { merchant: { code: string } };
  banners: unknown;
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
    expect(data?.banners).toEqual({ groupName: 'home', lang: 'EN', value: banners.json().value });
    // The data sits in the head, before the app's own markup.
    expect(html.indexOf('id="boot-data"')).toBeLessThan(html.indexOf('id="root"'));
  });

  it('escapes < so that no text in the data can close the element', async () => {
    const response = await context.app.inject('/');
    const block = /id="boot-data">([\s\S]*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(block).not.toContain('<');
  });

  it('leaves the other page paths as they were', async () => {
    const response = await context.app.inject('/register');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('boot-data');
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
