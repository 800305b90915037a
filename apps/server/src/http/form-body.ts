import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/**
 * Lets the listed paths take `application/x-www-form-urlencoded` bodies as well as JSON (the
 * spec's form POSTs). Each field becomes a string (the last one of a repeated name); the call's
 * schema checks them as it checks JSON. Every other path still refuses form bodies.
 */
export function installFormBodies(app: FastifyInstance, paths: readonly string[]): void {
  const allowed = new Set(paths);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      if (!allowed.has(request.routeOptions.url ?? '')) {
        done(new AppError('VALIDATION_FAILED'), undefined);
        return;
      }
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
