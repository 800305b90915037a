import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callApi, uniqueUsername, useTestApp } from '../../test/test-app.js';

function builtSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

describe('the built web app', () => {
  const distDir = builtSite();
  const context = useTestApp({ webDistDir: distDir });

  it('answers every page path with index.html, for the router', async () => {
    for (const url of ['/', '/register', '/home', '/no/such/page']) {
      const response = await context.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await context.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves files added after start, and answers a missing file with 404', async () => {
    writeFileSync(path.join(distDir, 'assets', 'later-def456.js'), 'console.log(2)');
    const later = await context.app.inject('/assets/later-def456.js');
    expect(later.statusCode).toBe(200);
    expect(later.headers['content-type']).toContain('javascript');
    const missing = await context.app.inject('/assets/missing-000.js');
    expect(missing.statusCode).toBe(404);
  });

  it('never answers an API path with the page', async () => {
    const response = await context.app.inject('/wps/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('NOT_FOUND');
    const post = await context.app.inject({ method: 'POST', url: '/register' });
    expect(post.statusCode).toBe(404);
  });

  it('answers an unknown path under any API prefix with the JSON 404 envelope', async () => {
    const apiPaths = [
      '/admin',
      '/admin/no-such-call',
      '/seamless/no-such-call',
      '/callbacks/no/such/thing',
      '/wps',
      '/lgw/unknown',
      '/lotto/unknown',
      '/dev/unknown',
      '/dev/outbox',
    ];
    for (const url of apiPaths) {
      const response = await context.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
      expect(response.body).not.toContain('<div id="root">');
    }
    // Only whole path segments count: a page whose name starts like a prefix is a page.
    // `/seamless` itself is a full-screen page of the site (SPEC §1), its API lives below it.
    for (const url of ['/administrator-guide', '/devices', '/wpsx', '/seamless']) {
      const response = await context.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });
});

describe('caching of API replies', () => {
  const context = useTestApp({ webDistDir: builtSite() });

  it('marks every JSON API reply no-store, signed in or not, and leaves pages alone', async () => {
    const username = uniqueUsername('cache');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(registered.headers['cache-control']).toBe('no-store');
    const token = registered.body.value.session.token as string;
    const balance = await callApi(context.app, 'GET', '/wps/v2/wallets/balance', { token });
    expect(balance.status).toBe(200);
    expect(balance.headers['cache-control']).toBe('no-store');
    const status = await callApi(context.app, 'GET', '/wps/system/status');
    expect(status.headers['cache-control']).toBe('no-store');
    const refused = await callApi(context.app, 'GET', '/wps/v2/wallets/balance');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const page = await context.app.inject('/register');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
