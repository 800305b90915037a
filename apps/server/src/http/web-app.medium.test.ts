import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';

function builtSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

describe('the built web app', () => {
  const context = useTestApp({ webDistDir: builtSite() });

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

  it('never answers an API path with the page', async () => {
    const response = await context.app.inject('/wps/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('NOT_FOUND');
    const post = await context.app.inject({ method: 'POST', url: '/register' });
    expect(post.statusCode).toBe(404);
  });
});
