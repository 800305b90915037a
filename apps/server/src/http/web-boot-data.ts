import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bannerGroupByPath, DEFAULT_LANGUAGE } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The element of index.html that carries the first screen's data (read by the web app). */
export const WEB_BOOT_DATA_ELEMENT_ID = 'boot-data';
/** The banner carousel's module in Vite's manifest: the lazy chunk that paints the LCP banner. */
export const BANNER_CAROUSEL_MODULE = 'src/features/content/components/banner-carousel.tsx';
/** The site's layout (header, left bar, footer): a lazy chunk every page of the site renders. */
export const APP_LAYOUT_MODULE = 'src/app/layout/app-layout.tsx';
/** Mantine's provider (apps/web/src/app/ui-kit.tsx): a lazy chunk every page of the site renders. */
export const UI_KIT_MODULE = 'src/app/mantine-shell.tsx';
/** The home page's lazy chunk. */
export const HOME_PAGE_MODULE = 'src/app/pages/home-page.tsx';

/**
 * What the first screen of `/` would fetch first, fetched here instead so that it arrives with
 * the HTML: the site status (merchant, switches, maintenance) and the page's banners in the
 * language a first visit renders in (English; a visitor with another stored language fetches
 * again). Each is the call's own `value`, from the server's own route (`inject`), so the rules
 * (merchant by host, region by address) are the ones the call applies.
 */
export async function firstScreenData(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<Record<string, unknown> | null> {
  const headers = { host: request.headers.host ?? '', device: 'WEB' };
  const host = encodeURIComponent(request.headers.host ?? '');
  const status = await app.inject({
    method: 'GET',
    url: `/wps/system/status?url=${host}`,
    headers,
    remoteAddress: request.ip,
  });
  if (status.statusCode !== 200) return null;
  const statusValue = (status.json() as { value: { merchant: { code: string } } }).value;
  const groupName = bannerGroupByPath[pathname];
  if (!groupName) return { status: statusValue };
  const banners = await app.inject({
    method: 'GET',
    url: `/wps/system/banners?groupName=${encodeURIComponent(groupName)}`,
    headers: { ...headers, merchant: statusValue.merchant.code },
    remoteAddress: request.ip,
  });
  if (banners.statusCode !== 200) return { status: statusValue };
  // As the web app's banner query keys them (features/content/api/content-api.ts).
  const bannersKey = ['content', 'banners', groupName, DEFAULT_LANGUAGE];
  return {
    status: statusValue,
    queries: [[bannersKey, (banners.json() as { value: unknown }).value]],
  };
}

/**
 * index.html with the data as a JSON data block before `</head>`: a `type="application/json"`
 * script is never run, so the CSP (`script-src 'self'`) allows it. `<` is escaped so that no
 * text in the data can close the element.
 */
export function withBootData(html: string, data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c');
  const block = `<script type="application/json" id="${WEB_BOOT_DATA_ELEMENT_ID}">${json}</script>`;
  return html.replace('</head>', `${block}</head>`);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The start script of painted pages in Vite's manifest (apps/web/src/ssr/start-app.ts). */
const START_SCRIPT_MODULE = 'src/ssr/start-app.ts';

/** The build's Vite manifest (which chunk imports which), or null when the build has none. */
export async function readManifest(distDir: string): Promise<Manifest | null> {
  try {
    const text = await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8');
    return JSON.parse(text) as Manifest;
  } catch {
    return null;
  }
}

/** The start script's address, or null when the build has none. */
export function startScriptPath(manifest: Manifest | null): string | null {
  const file = manifest?.[START_SCRIPT_MODULE]?.file;
  return file ? `/${file}` : null;
}

/**
 * `<link rel="modulepreload">` of lazy chunks the first screen renders at once (the layout, the
 * page, the banner carousel) and the chunks they import (from Vite's manifest), so that they
 * download with the entry script rather than one after the other as each renders. Chunks of the
 * entry itself (`index.html`'s) are left out; nothing when the build has no manifest.
 */
export function lazyChunkPreloadLinks(
  manifest: Manifest | null,
  modules: readonly string[],
): string {
  if (!manifest) return '';
  const entryFiles = new Set(
    [
      manifest['index.html']?.file,
      ...(manifest['index.html']?.imports ?? []).map((key) => manifest[key]?.file),
    ].filter((file): file is string => file !== undefined),
  );
  const files = new Set<string>();
  for (const module of modules) {
    const chunk = manifest[module];
    if (!chunk) continue;
    for (const file of [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file)]) {
      if (file && !entryFiles.has(file)) files.add(file);
    }
  }
  return [...files]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/** index.html with the preload links before `</head>`. */
export function withHeadLinks(html: string, links: string): string {
  return links === '' ? html : html.replace('</head>', `${links}</head>`);
}
