import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from './api-paths.js';
import { sendError } from './error-handler.js';

/** Where the operator console lives on the site (its Vite `base`, apps/admin/vite.config.ts). */
export const CONSOLE_PATH = '/console';
/** The console's build (`npm run build -w @app/admin`), beside the player site's. */
export const CONSOLE_DIST_DIR = fileURLToPath(new URL('../../../admin/dist', import.meta.url));

/** A path that names a file (`/console/assets/x.js`), not a page: a miss there is a 404. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]+$/i;
const ASSETS_SEGMENT = `${path.sep}assets${path.sep}`;

function isImmutable(filePath: string): boolean {
  return filePath.includes(ASSETS_SEGMENT);
}

/**
 * Serves the operator console under `/console/`: hashed assets cached for a year (sent as their
 * build-time .br/.gz copies when accepted), every other GET below it answered with the console's
 * index.html for its router. The site's security headers and CSP apply as to every reply
 * (http/security-headers.ts). The player site's own fallback never answers under this path: a
 * missing console build is a 404, not the player site.
 */
export async function installConsoleApp(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  const indexPath = distDir === undefined ? undefined : path.join(distDir, 'index.html');
  const hasConsole = indexPath !== undefined && existsSync(indexPath);

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    // Read per request, like the static files: a rebuild is served without a restart.
    if (!indexPath || !existsSync(indexPath)) return sendError(request, reply, 'NOT_FOUND');
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(await readFile(indexPath));
  }

  await app.register(
    async (scope) => {
      if (hasConsole && distDir !== undefined) {
        await scope.register(fastifyStatic, {
          root: path.resolve(distDir),
          wildcard: true,
          index: false,
          // The root app decorates reply.sendFile for the player site; this scope uses its own.
          decorateReply: false,
          preCompressed: true,
          // Our own Cache-Control below; send's default (public, max-age=0) would replace it.
          cacheControl: false,
          setHeaders: (reply, filePath) => {
            reply.setHeader(
              'Cache-Control',
              isImmutable(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        });
      } else {
        // Without this, the player site's catch-all route would answer below /console.
        scope.get('/*', (request, reply) => sendError(request, reply, 'NOT_FOUND'));
      }
      scope.get('/', sendIndex);
      scope.setNotFoundHandler(async (request, reply) => {
        const pathname = pathOf(request.url);
        const isMissingFile = FILE_PATH.test(pathname) && !pathname.endsWith('.html');
        if (isMissingFile || request.method !== 'GET') {
          return sendError(request, reply, 'NOT_FOUND');
        }
        return sendIndex(request, reply);
      });
    },
    { prefix: CONSOLE_PATH },
  );
}
