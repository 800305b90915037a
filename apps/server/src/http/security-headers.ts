import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths.js';

/**
 * Browsers that reached the site over HTTPS keep to HTTPS for a year. Without includeSubDomains:
 * an operator's other subdomains are not this server's to decide.
 */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function isJsonReply(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.includes('json');
}

/**
 * The page's policy. Images may come from any http origin only on a page that is itself plain
 * http: the download page times the merchant's other domain lines by loading a tiny image from
 * each (`/ping.gif`), and a line reached over http has http siblings. On an https page a browser
 * would refuse or upgrade an http image anyway, so there the policy keeps to https.
 */
export function contentSecurityPolicy(protocol: string): string {
  const imageSources = protocol === 'https' ? "'self' data: https:" : "'self' data: https: http:";
  return `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src ${imageSources}; font-src 'self' data:; connect-src 'self'; frame-src 'self' https:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'`;
}

/**
 * Headers every reply carries. JSON replies of the API are never stored by a browser or a
 * proxy (`Cache-Control: no-store`): they hold balances, tokens and personal data, and whether a
 * call carried a session is not visible to a cache in between. Every JSON API reply, not only
 * those to a signed-in caller, because calls with optional sign-in answer differently for a
 * member, and the web app caches in memory (TanStack Query), not through HTTP. A route that set
 * its own Cache-Control keeps it. The site loads only its own scripts and styles; frames and
 * images may come from elsewhere once games and CDNs are configured.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    // HTTPS as the browser saw it: behind a trusted proxy, its X-Forwarded-Proto.
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
    }
    if (
      !reply.hasHeader('Cache-Control') &&
      isApiPath(request.url) &&
      isJsonReply(reply.getHeader('Content-Type'))
    ) {
      reply.header('Cache-Control', 'no-store');
    }
    if (!request.url.startsWith('/docs')) {
      reply.header('Content-Security-Policy', contentSecurityPolicy(request.protocol));
    }
  });
}
