import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, pathOf } from './api-paths.js';
import { sendError } from './error-handler.js';
import {
  APP_LAYOUT_MODULE,
  BANNER_CAROUSEL_MODULE,
  firstScreenData,
  HOME_PAGE_MODULE,
  lazyChunkPreloadLinks,
  readManifest,
  UI_KIT_MODULE,
  withBootData,
  withHeadLinks,
} from './web-boot-data.js';
import { createPagePainter, loadFirstScreenRenderer } from './web-ssr.js';

/** A path that names a file (`/assets/x.js`), not a page: a miss there is a 404, not the app. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]+$/i;

/**
 * Serves the built web app: hashed assets cached for a year, compressed when the browser
 * accepts it (copies made at build time), every other page path answered
 * with index.html so that the app's router (history mode) can show it. Files are looked up per
 * request, so a rebuild is served without a restart.
 */
export async function installWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  options: { bootData?: boolean; ssr?: boolean; ssrRenderWaitMs?: number } = {},
): Promise<{ forgetPaintedPages: () => void }> {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  // WEB_SSR: guests' public pages arrive painted by React on the server (web-ssr.ts).
  const renderer = hasWebApp && options.ssr ? await loadFirstScreenRenderer(distDir) : null;
  if (hasWebApp && options.ssr && !renderer) {
    app.log.warn('WEB_SSR is on but apps/web/dist-ssr is missing: run `npm run build`');
  }
  const painter =
    renderer && distDir ? createPagePainter(app, distDir, renderer, options.ssrRenderWaitMs) : null;
  const sendPageWithData =
    hasWebApp && options.bootData
      ? async (request: FastifyRequest, reply: FastifyReply) => {
          const pathname = pathOf(request.url);
          let html = await readFile(path.join(distDir, 'index.html'), 'utf8');
          const data = await firstScreenData(app, request, pathname);
          if (data) html = withBootData(html, data);
          if (data?.queries) {
            html = withHeadLinks(
              html,
              lazyChunkPreloadLinks(await readManifest(distDir), [
                UI_KIT_MODULE,
                APP_LAYOUT_MODULE,
                HOME_PAGE_MODULE,
                BANNER_CAROUSEL_MODULE,
              ]),
            );
          }
          void reply
            .header('Cache-Control', 'no-cache')
            .header('Vary', 'Accept-Encoding')
            .type('text/html; charset=utf-8');
          // Made per request, so compressed per request (about 12 KB of JSON becomes 3 KB).
          const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
          if (!acceptsGzip) return reply.send(html);
          return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
        }
      : null;
  // WEB_BOOT_DATA: every page's HTML carries its first screen's data (docs/architecture.md,
  // "The server-painted first screen"). Read per request, like the static files, so that a
  // rebuild is served without a restart.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (painter && (await painter.send(request, reply))) return reply;
    if (reply.sent) return reply;
    if (sendPageWithData) return sendPageWithData(request, reply);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  };
  if (sendPageWithData || painter) app.get('/', sendPage);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz copies (packages/web-shared/build/precompress.ts): sent as they are.
      preCompressed: true,
      // Our own Cache-Control below; send's default (public, max-age=0) would replace it.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiPath(request.url);
    const pathname = pathOf(request.url);
    const isMissingFile = FILE_PATH.test(pathname) && !pathname.endsWith('.html');
    if (!hasWebApp || isApi || isMissingFile || request.method !== 'GET') {
      return sendError(request, reply, 'NOT_FOUND');
    }
    return sendPage(request, reply);
  });
  return { forgetPaintedPages: () => painter?.forget() };
}
