import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_PATH, installConsoleApp } from './console-app.js';
import { installSecurityHeaders } from './security-headers.js';
import { installWebApp } from './web-app.js';

function builtApp(marker: string, asset: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${marker}-dist-`));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><div id="${marker}"></div>`);
  writeFileSync(path.join(dir, 'assets', asset), 'console.log(1)');
  return dir;
}

async function siteWith(consoleDir: string | undefined): Promise<FastifyInstance> {
  const app = Fastify();
  installSecurityHeaders(app);
  await installConsoleApp(app, consoleDir);
  await installWebApp(app, builtApp('site', 'site-abc.js'));
  await app.ready();
  return app;
}

describe('the operator console under /console/', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await siteWith(builtApp('console', 'console-abc.js'));
  });
  afterAll(() => app.close());

  it('answers every page path below it with the console, with the site headers', async () => {
    for (const url of [CONSOLE_PATH, `${CONSOLE_PATH}/`, '/console/sign-in', '/console/a/b?c=1']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="console">');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('caches its hashed assets for a year, and a missing file is a 404', async () => {
    const asset = await app.inject('/console/assets/console-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-security-policy']).toBeDefined();
    const missing = await app.inject('/console/assets/missing-000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="site">');
  });

  it('leaves the player site its own pages and refuses non-GET below the console', async () => {
    const site = await app.inject('/consoles');
    expect(site.body).toContain('<div id="site">');
    const post = await app.inject({ method: 'POST', url: '/console/sign-in' });
    expect(post.statusCode).toBe(404);
  });

  it('answers 404, not the player site, when the console was not built', async () => {
    const bare = await siteWith(undefined);
    for (const url of ['/console/', '/console/dashboard']) {
      const response = await bare.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<div id="site">');
    }
    await bare.close();
  });
});
