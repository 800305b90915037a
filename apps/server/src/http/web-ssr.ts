import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE, htmlLangOf, type LanguageCode, parseLanguage } from '@app/contract';
import { systemStatusCodes } from '@app/contract/client';
import Beasties from 'beasties';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './api-paths.js';
import { parseCookies } from './cookies.js';
import {
  APP_LAYOUT_MODULE,
  BANNER_CAROUSEL_MODULE,
  HOME_PAGE_MODULE,
  lazyChunkPreloadLinks,
  type Manifest,
  readManifest,
  startScriptPath,
  UI_KIT_MODULE,
  withBootData,
  withHeadLinks,
} from './web-boot-data.js';

/** The public pages painted by the server for guests (issue 24): home, a lobby, register, promotions. */
export const SSR_PAGE_PATHS: readonly string[] = ['/', '/rng', '/register', '/promotions'];
/**
 * Each painted page's lazy modules (Vite's manifest keys, apps/web/src/app/router.tsx): they are
 * preloaded with the entry, after the first paint, so that hydration does not wait for them one
 * after the other.
 */
const PAINTED_PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': [HOME_PAGE_MODULE, BANNER_CAROUSEL_MODULE],
  '/rng': ['src/app/games/lobby-page.tsx'],
  '/register': ['src/app/pages/register-page.tsx'],
  '/promotions': ['src/app/pages/promotions-page.tsx'],
};
/**
 * A painted page is reused for this long per merchant × language × page: a render costs tens
 * of milliseconds of the shared cores, and a guest's first screen may trail an operator's edit
 * by this much at most (a catalogue or banner save forgets the pages at once).
 */
export const SSR_CACHE_TTL_MS = 30_000;
/**
 * Console calls that change what a painted page shows (banners, the catalogue, promotions):
 * a successful one forgets this instance's pages at once (other instances' within the TTL,
 * or at once for the catalogue, whose changes every instance hears).
 */
export const PAINTED_CONTENT_ADMIN_PREFIXES: readonly string[] = [
  '/admin/content/',
  '/admin/games/',
  '/admin/promotions/',
  '/admin/lottery/',
];
/**
 * How long a visit waits for a page that is not in the cache to be painted. A render on a
 * quiet machine takes 100-300 ms (three or four passes of the first screen); past this, the
 * visit gets the browser's render at once rather than a late first byte.
 */
export const SSR_RENDER_WAIT_MS = 1_000;
/** Pages kept at most: merchants × languages × the four pages, with room to spare. */
export const SSR_CACHE_MAX_ENTRIES = 500;
/** The cookie the site writes when a visitor picks a language (apps/web/src/lib/i18n.ts). */
export const LANGUAGE_COOKIE_NAME = 'lang';
/** The remember-me cookie (session module): its holder is a member, who gets today's client render. */
const REMEMBER_COOKIE_NAME = 'remember';
/** The renderer's file in the web app's server build (`vite build --ssr`, apps/web/dist-ssr). */
const RENDERER_FILE = 'entry-server.js';

interface SiteStatus {
  status: number;
  merchant: {
    code: string;
    name: string;
    defaultLanguage: LanguageCode;
    supportedLanguages: LanguageCode[];
  };
  whiteLabel: { loginRequiredHome: boolean };
}

/** What apps/web/src/ssr/entry-server.tsx exports (loaded at run time: no import of the web app). */
export interface FirstScreenRenderer {
  renderFirstScreen(input: {
    pathname: string;
    language: LanguageCode;
    phone: boolean;
    status: unknown;
    fetchApi: (path: string, init: RequestInit) => Promise<Response>;
  }): Promise<{ html: string; queries: [readonly unknown[], unknown][] }>;
  textLanguages: readonly LanguageCode[];
}

/** Which page is painted: its path, its language and the layout (a phone's or a desktop's). */
interface PageTarget {
  pathname: string;
  language: LanguageCode;
  phone: boolean;
}

/** A page as it is sent: assembled once per render, and kept gzipped beside the plain text. */
interface PaintedPage {
  html: string;
  gzipped: Buffer;
  expiresAtMs: number;
}

/** A CSS-module class of the web build (`_<name>_<hash>_<line>`), in a stylesheet or a class list. */
const MODULE_CLASS = /_[A-Za-z][\w-]*_[A-Za-z0-9]{5}_\d+/g;

/**
 * Which stylesheet of the build holds which CSS-module classes: the lazy chunks' stylesheets
 * (a page's, the banner carousel's) are not in index.html, and a painted page needs them
 * before its scripts run.
 */
export async function stylesheetIndex(distDir: string): Promise<Map<string, Set<string>>> {
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const assetsDir = path.join(distDir, 'assets');
  const index = new Map<string, Set<string>>();
  for (const file of await readdir(assetsDir)) {
    if (!file.endsWith('.css') || template.includes(`/assets/${file}`)) continue;
    const css = await readFile(path.join(assetsDir, file), 'utf8');
    index.set(`/assets/${file}`, new Set(css.match(MODULE_CLASS) ?? []));
  }
  return index;
}

/** The stylesheets whose classes the markup uses, as `<link>` elements. */
export function stylesheetLinks(markup: string, index: Map<string, Set<string>>): string {
  const used = new Set(markup.match(MODULE_CLASS) ?? []);
  return [...index]
    .filter(([, classes]) => [...classes].some((name) => used.has(name)))
    .map(([href]) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
}

/** Loads the server build of the web app once; null when it was not built. */
export async function loadFirstScreenRenderer(
  distDir: string,
): Promise<FirstScreenRenderer | null> {
  const file = path.join(distDir, '..', 'dist-ssr', RENDERER_FILE);
  if (!existsSync(file)) return null;
  // By its real path: its lazy chunks import it back by theirs, and a second copy of the module
  // (through a symbolic link) would have React contexts of its own.
  return (await import(pathToFileURL(realpathSync(file)).href)) as FirstScreenRenderer;
}

/**
 * The language a guest's first render uses, as the site chooses it (use-offered-languages.ts):
 * the visitor's pick (cookie) if the merchant offers it, else the merchant's default, else the
 * first offered one.
 */
export function pageLanguage(
  status: SiteStatus,
  cookieLanguage: string | undefined,
  textLanguages: readonly LanguageCode[],
): LanguageCode {
  const offered = status.merchant.supportedLanguages.filter((code) => textLanguages.includes(code));
  const picked = parseLanguage(cookieLanguage);
  if (picked && offered.includes(picked)) return picked;
  if (offered.includes(status.merchant.defaultLanguage)) return status.merchant.defaultLanguage;
  return offered[0] ?? DEFAULT_LANGUAGE;
}

/**
 * Whether a request comes from a phone: the client hint, else the User-Agent's "Mobi" (phones'
 * browsers say "Mobile"; tablets do not, and get the desktop layout, as their width does).
 */
export function isPhoneRequest(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi/i.test(String(request.headers['user-agent'] ?? ''));
}

/** A request from a member (a session header or the remember-me cookie) is not painted here. */
export function isGuestRequest(request: FastifyRequest): boolean {
  if (request.headers.authorization) return false;
  return !parseCookies(request.headers.cookie).has(REMEMBER_COOKIE_NAME);
}

/**
 * A painted page fetches one small script at once, the start script (apps/web/src/ssr/start-app.ts),
 * which starts the site's scripts after the first paint: the page's content is already in the
 * HTML, so the network and the main thread go to painting it first. The entry script's address
 * moves to the start script's element, and the preloads become links browsers do not fetch
 * (`data-deferred-rel`), which the start script turns back into preloads. Without a start script
 * in the build, the scripts stay as they are at low priority.
 */
export function withScriptsAfterFirstPaint(html: string, startScriptPath: string | null): string {
  const withPreloads = startScriptPath
    ? html.replaceAll('<link rel="modulepreload" ', '<link data-deferred-rel="modulepreload" ')
    : html.replaceAll(
        '<link rel="modulepreload" ',
        '<link rel="modulepreload" fetchpriority="low" ',
      );
  return withPreloads.replace(
    /<script type="module"([^>]*?) src="([^"]+)"><\/script>/,
    (_tag, attributes: string, entryPath: string) =>
      startScriptPath
        ? `<script type="module"${attributes} src="${startScriptPath}" data-app-entry="${entryPath}"></script>`
        : `<script type="module" fetchpriority="low"${attributes} src="${entryPath}"></script>`,
  );
}

/** A painted page's stylesheets shorter than this are inlined whole rather than reduced and deferred. */
export const INLINE_WHOLE_STYLESHEET_BELOW_CHARS = 10_000;

/** Marks a stylesheet of a painted page that the start script switches on (apps/web/src/ssr/start-app.ts). */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-beasties-media';

/**
 * Beasties' "media-script" strategy without its inline script, which the site's CSP
 * (`script-src 'self'`) refuses: the start script (apps/web/src/ssr/start-app.ts) switches the
 * stylesheets on.
 */
class CspSafeBeasties extends Beasties {
  /** Beasties' own hook (not in its type declarations); web-ssr.test.ts checks no inline script is left. */
  injectDeferredMediaScript(): void {}
}

/**
 * Inlines the CSS rules the painted markup uses (Beasties matches every rule's selectors against
 * the page) and defers the stylesheets: they stay where they were in `<head>` (so the cascade
 * is the one the browser's render has) as `media="print"`, which browsers fetch without holding
 * the first paint, and the start script sets their real media. The first paint needs no
 * stylesheet request; the rest of the CSS (dialogs, states, other pages) is there before anything
 * can be opened.
 */
export function criticalCssInliner(distDir: string): { process(html: string): Promise<string> } {
  return new CspSafeBeasties({
    path: distDir,
    publicPath: '/',
    preload: 'media-script',
    noscriptFallback: false,
    // index.html's own small <style> (the loading screen's) stays as it is.
    reduceInlineStyles: false,
    // Small stylesheets are inlined whole: the fonts' (apps/web/src/fonts.css, so that the first
    // layout asks for the fonts), the banner's and the left bar's.
    inlineThreshold: INLINE_WHOLE_STYLESHEET_BELOW_CHARS,
    // Fonts are not preloaded: that would hold the first paint back on a slow network.
    fonts: false,
    keyframes: 'critical',
    compress: true,
    logLevel: 'warn',
  });
}

/** The page's HTML: the painted markup in `#root`, the language, the merchant's name as title. */
export function paintedHtml(
  template: string,
  page: { markup: string; language: LanguageCode; title: string; phone?: boolean },
): string {
  const title = page.title.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${htmlLangOf(page.language)}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
      `<div id="root" data-ssr="${page.language}"${page.phone ? ' data-layout="phone"' : ''}>${page.markup}</div>`,
    );
}

/**
 * What every painted page is made of, read from the build; read again when index.html changes,
 * so that a rebuild is painted without a restart (as web-app.ts serves it).
 */
interface PaintingAssets {
  builtAtMs: number;
  template: string;
  stylesheets: Map<string, Set<string>>;
  manifest: Manifest | null;
  startScript: string | null;
}

async function loadPaintingAssets(distDir: string): Promise<PaintingAssets> {
  const builtAtMs = (await stat(path.join(distDir, 'index.html'))).mtimeMs;
  const manifest = await readManifest(distDir);
  const [template, stylesheets] = await Promise.all([
    readFile(path.join(distDir, 'index.html'), 'utf8'),
    stylesheetIndex(distDir),
  ]);
  return {
    builtAtMs,
    template,
    stylesheets,
    manifest,
    startScript: startScriptPath(manifest),
  };
}

/**
 * Paints the public pages for guests: React renders the first screen on the server
 * (apps/web/src/ssr/entry-server.tsx) and the browser hydrates it. The site's status is asked
 * first for every request (merchant by host, maintenance, region by address): anything but an
 * open site, login-required mode, a member or a query string gets the browser's render as before.
 * Renders run one at a time (the renderer switches one i18next instance between languages) and
 * are kept per merchant × language × page for SSR_CACHE_TTL_MS.
 */
export function createPagePainter(
  app: FastifyInstance,
  distDir: string,
  renderer: FirstScreenRenderer,
  renderWaitMs = SSR_RENDER_WAIT_MS,
) {
  const cache = new Map<string, PaintedPage>();
  const rendering = new Map<string, Promise<PaintedPage>>();
  let assets: Promise<PaintingAssets> | null = null;
  const criticalCss = criticalCssInliner(distDir);

  /** The whole page: index.html with the markup, its data, its stylesheets and the critical CSS inline. */
  async function assemble(
    result: Awaited<ReturnType<FirstScreenRenderer['renderFirstScreen']>>,
    status: SiteStatus,
    target: PageTarget,
  ): Promise<string> {
    const builtAtMs = (await stat(path.join(distDir, 'index.html'))).mtimeMs;
    let loaded = await assets?.catch(() => null);
    if (loaded?.builtAtMs !== builtAtMs) {
      assets = loadPaintingAssets(distDir);
      loaded = await assets;
    }
    const { template, stylesheets, manifest, startScript } = loaded;
    const preloadLinks = lazyChunkPreloadLinks(manifest, [
      UI_KIT_MODULE,
      APP_LAYOUT_MODULE,
      ...(PAINTED_PAGE_MODULES[target.pathname] ?? []),
    ]);
    let html = paintedHtml(template, {
      markup: result.html,
      language: target.language,
      phone: target.phone,
      title: status.merchant.name,
    });
    html = withBootData(html, { status, queries: result.queries });
    html = withHeadLinks(html, stylesheetLinks(result.html, stylesheets) + preloadLinks);
    return withScriptsAfterFirstPaint(await criticalCss.process(html), startScript);
  }

  let renderQueue: Promise<unknown> = Promise.resolve();

  function fetchApiFor(request: FastifyRequest, merchantCode: string, language: LanguageCode) {
    return async (apiPath: string, init: RequestInit): Promise<Response> => {
      const reply = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: apiPath,
        headers: {
          host: request.headers.host ?? '',
          merchant: merchantCode,
          language,
          device: 'WEB',
          accept: 'application/json',
        },
        remoteAddress: request.ip,
      });
      return new Response(reply.body, { status: reply.statusCode });
    };
  }

  async function statusOf(request: FastifyRequest): Promise<SiteStatus | null> {
    const reply = await app.inject({
      method: 'GET',
      url: `/wps/system/status?url=${encodeURIComponent(request.headers.host ?? '')}`,
      headers: { host: request.headers.host ?? '', device: 'WEB' },
      remoteAddress: request.ip,
    });
    if (reply.statusCode !== 200) return null;
    return (reply.json() as { value: SiteStatus }).value;
  }

  async function painted(
    request: FastifyRequest,
    status: SiteStatus,
    target: PageTarget,
  ): Promise<PaintedPage> {
    const { pathname, language, phone } = target;
    // The status is part of the key: a switch an operator changes (registration, free play)
    // shows in the markup, so a page painted under another status is not reused.
    const statusHash = createHash('sha256').update(JSON.stringify(status)).digest('base64url');
    const layout = phone ? 'phone' : 'desktop';
    const key = `${status.merchant.code}|${language}|${pathname}|${layout}|${statusHash}`;
    const kept = cache.get(key);
    if (kept && kept.expiresAtMs > Date.now()) return kept;
    // One render per page at a time: requests that come meanwhile wait for the same one.
    const running = rendering.get(key);
    if (running) return running;
    const render = renderQueue
      .then(() =>
        renderer.renderFirstScreen({
          pathname,
          language,
          phone,
          status,
          fetchApi: fetchApiFor(request, status.merchant.code, language),
        }),
      )
      .then(async (result) => {
        const html = await assemble(result, status, target);
        const page = { html, gzipped: gzipSync(html), expiresAtMs: Date.now() + SSR_CACHE_TTL_MS };
        if (cache.size >= SSR_CACHE_MAX_ENTRIES) cache.clear();
        cache.set(key, page);
        return page;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, render);
    renderQueue = render.catch(() => undefined);
    return render;
  }

  /** Answers the page painted, or false when the browser should render it (the caller sends index.html). */
  async function send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const pathname = pathOf(request.url);
    if (!SSR_PAGE_PATHS.includes(pathname) || pathname !== request.url) return false;
    if (!isGuestRequest(request)) return false;
    const status = await statusOf(request);
    if (
      !status ||
      status.status !== systemStatusCodes.normal ||
      status.whiteLabel.loginRequiredHome
    ) {
      return false;
    }
    const cookieLanguage = parseCookies(request.headers.cookie).get(LANGUAGE_COOKIE_NAME);
    const language = pageLanguage(status, cookieLanguage, renderer.textLanguages);
    const target = { pathname, language, phone: isPhoneRequest(request) };
    const render = painted(request, status, target).catch((error: unknown) => {
      // A page that cannot be painted is still served: the browser renders it, as without WEB_SSR.
      request.log.error({ err: error, pathname }, 'web-ssr: render failed');
      return null;
    });
    // A render that takes longer than this is not waited for: the browser renders this visit,
    // and the render goes on into the cache for the next one.
    const page = await Promise.race([render, delay(renderWaitMs).then(() => null)]);
    if (!page) return false;
    void reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie, User-Agent, Sec-CH-UA-Mobile')
      .type('text/html; charset=utf-8');
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (!acceptsGzip) await reply.send(page.html);
    else await reply.header('Content-Encoding', 'gzip').send(page.gzipped);
    return true;
  }

  // An operator's save of what the pages show forgets them (see PAINTED_CONTENT_ADMIN_PREFIXES).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    if (PAINTED_CONTENT_ADMIN_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      cache.clear();
    }
  });

  return {
    send,
    /** Forgets every painted page (an operator changed the catalogue or the banners). */
    forget: () => cache.clear(),
  };
}

export type PagePainter = ReturnType<typeof createPagePainter>;
