import type { FastifyInstance } from 'fastify';

/** A forgot-password form holds two short fields. */
export const FORM_BODY_LIMIT_BYTES = 4 * 1024;

/**
 * Lets the routes of `scope` (an encapsulated plugin) take `application/x-www-form-urlencoded`
 * bodies as well as JSON (the spec's form POSTs). Each field becomes a string (the last one of a
 * repeated name); the call's schema checks them as it checks JSON. Routes outside the scope
 * still refuse form bodies.
 */
export function installFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
