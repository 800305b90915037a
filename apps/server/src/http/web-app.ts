import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';

/** Paths that are the API's, never the web app's, even when nothing matches. */
const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/docs', '/healthz', '/readyz'];

/**
 * Serves the built web app: hashed assets cached for a year, every other page path answered
 * with index.html so that the app's router (history mode) can show it.
 */
export async function installWebApp(app: FastifyInstance, distDir: string | undefined) {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (!hasWebApp || isApi || request.method !== 'GET') {
      return sendError(request, reply, 'NOT_FOUND');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
