import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LanguageCode } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  criticalCssInliner,
  DEFERRED_STYLESHEET_ATTRIBUTE,
  INLINE_WHOLE_STYLESHEET_BELOW_CHARS,
  isGuestRequest,
  isPhoneRequest,
  pageLanguage,
  paintedHtml,
  stylesheetLinks,
  withScriptsAfterFirstPaint,
} from './web-ssr.js';

const status = (defaultLanguage: LanguageCode, supportedLanguages: LanguageCode[]) => ({
  status: 0,
  merchant: { code: 'DEMO', name: 'Demo', defaultLanguage, supportedLanguages },
  whiteLabel: { loginRequiredHome: false },
});
const allTexts: LanguageCode[] = ['EN', 'VI', 'PT', 'PT-BR'];

describe('pageLanguage: the language a guest’s first render uses, as the site picks it', () => {
  it('takes the visitor’s pick (cookie) when the merchant offers it', () => {
    expect(pageLanguage(status('EN', ['EN', 'VI']), 'VI', allTexts)).toBe('VI');
    expect(pageLanguage(status('EN', ['EN', 'VI']), 'pt-br', allTexts)).toBe('EN');
  });

  it('falls back to the merchant’s default, then to the first offered language with texts', () => {
    expect(pageLanguage(status('VI', ['EN', 'VI']), undefined, allTexts)).toBe('VI');
    expect(pageLanguage(status('TH', ['TH', 'PT']), 'nonsense', allTexts)).toBe('PT');
  });
});

describe('paintedHtml', () => {
  const template =
    '<!doctype html><html lang="en" data-x="1"><head><title>Loading…</title></head><body>' +
    '<div id="root"><div class="boot" role="status">Loading…</div></div><script src="/a.js"></script></body></html>';

  it('puts the markup in #root with its language, the html lang and the site’s name as title', () => {
    const html = paintedHtml(template, {
      markup: '<main>hi</main>',
      language: 'PT-BR',
      title: 'Fish & <Chips>',
    });
    expect(html).toContain('<html lang="pt-BR" data-x="1">');
    expect(html).toContain('<title>Fish &amp; &lt;Chips></title>');
    expect(html).toContain('<div id="root" data-ssr="PT-BR"><main>hi</main></div><script');
    expect(html).not.toContain('class="boot"');
  });
});

describe('stylesheetLinks', () => {
  const index = new Map([
    ['/assets/carousel.css', new Set(['_root_qst45_1', '_image_qst45_32'])],
    ['/assets/lottery.css', new Set(['_ball_ab12c_4'])],
  ]);

  it('links only the stylesheets whose CSS-module classes the markup uses', () => {
    const links = stylesheetLinks('<div class="m_1 _image_qst45_32">x</div>', index);
    expect(links).toBe('<link rel="stylesheet" crossorigin href="/assets/carousel.css">');
    expect(stylesheetLinks('<div class="m_1">x</div>', index)).toBe('');
  });
});

describe('isPhoneRequest', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
  const android =
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
  const desktop =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

  it('takes the client hint first, else the User-Agent’s Mobile', () => {
    expect(isPhoneRequest(request({ 'user-agent': android }))).toBe(true);
    expect(isPhoneRequest(request({ 'user-agent': desktop }))).toBe(false);
    expect(isPhoneRequest(request({ 'user-agent': desktop, 'sec-ch-ua-mobile': '?1' }))).toBe(true);
    expect(isPhoneRequest(request({ 'user-agent': android, 'sec-ch-ua-mobile': '?0' }))).toBe(
      false,
    );
  });

  it('marks a page painted for a phone on #root', () => {
    const html = paintedHtml(
      '<html lang="en"><head><title>x</title></head><body><div id="root"><div class="boot">…</div></div></body></html>',
      {
        markup: '<main></main>',
        language: 'EN',
        title: 'Demo',
        phone: true,
      },
    );
    expect(html).toContain('<div id="root" data-ssr="EN" data-layout="phone"><main></main></div>');
  });
});

describe('isGuestRequest', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

  it('is false with a session header or the remember-me cookie', () => {
    expect(isGuestRequest(request({}))).toBe(true);
    expect(isGuestRequest(request({ cookie: 'lang=VI; theme=dark' }))).toBe(true);
    expect(isGuestRequest(request({ authorization: 'token' }))).toBe(false);
    expect(isGuestRequest(request({ cookie: 'lang=VI; remember=abc' }))).toBe(false);
  });
});

describe('withScriptsAfterFirstPaint', () => {
  const page =
    '<head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/a.js"></head>';

  it('leaves one start script to fetch, which carries the entry; the preloads are not fetched', () => {
    const html = withScriptsAfterFirstPaint(page, '/assets/start-app-1.js');
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/start-app-1.js" data-app-entry="/assets/index-1.js"></script>',
    );
    expect(html).toContain(
      '<link data-deferred-rel="modulepreload" crossorigin href="/assets/a.js">',
    );
    expect(html).not.toContain('<link rel="modulepreload"');
  });

  it('without a start script in the build, fetches the scripts at low priority', () => {
    const html = withScriptsAfterFirstPaint(page, null);
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a.js">',
    );
  });
});

describe('criticalCssInliner', () => {
  const distDir = mkdtempSync(path.join(tmpdir(), 'critical-css-'));
  mkdirSync(path.join(distDir, 'assets'));
  // Past the whole-inlining threshold: rules for other pages and states pad it.
  const otherPagesRules = Array.from(
    { length: INLINE_WHOLE_STYLESHEET_BELOW_CHARS / 20 },
    (_, index) => `.other-${index}{color:blue}`,
  ).join('');
  writeFileSync(
    path.join(distDir, 'assets', 'site.css'),
    `.used{color:red}.unused{color:blue}@media (min-width:40em){.used{margin:0}}${otherPagesRules}`,
  );
  writeFileSync(
    path.join(distDir, 'assets', 'small.css'),
    '.tiny{color:green}.unusedtiny{color:red}',
  );
  const page = (links: string) =>
    `<!doctype html><html><head>${links}</head><body><div id="root"><p class="used">x</p></div></body></html>`;

  it('inlines the rules the markup uses and defers the stylesheet in place, with no inline script', async () => {
    const html = await criticalCssInliner(distDir).process(
      page('<link rel="stylesheet" href="/assets/site.css">'),
    );
    const inlined = /<style>(.*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(inlined).toContain('.used{color:red}');
    expect(inlined).toContain('@media (min-width:40em){.used{margin:0}}');
    expect(inlined).not.toContain('.unused');
    expect(inlined).not.toContain('.other-1{');
    expect(html).toMatch(
      new RegExp(
        `<link rel="stylesheet" href="/assets/site.css" media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}="all">`,
      ),
    );
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('inlines a small stylesheet whole and drops its link', async () => {
    const html = await criticalCssInliner(distDir).process(
      page('<link rel="stylesheet" href="/assets/small.css">'),
    );
    expect(html).toContain('.unusedtiny{color:red}');
    expect(html).not.toContain('href="/assets/small.css"');
  });
});
