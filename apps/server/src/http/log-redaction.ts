import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry one-time secrets in URLs: the provider's authorization `code` and
 * `state` on the social sign-in callback, the site's `socialLogin` code, and a session `token`.
 */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'code',
  'state',
  'socialLogin',
  'token',
]);

/** The URL with the values of secret query parameters replaced, for logs. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY_PARAMETERS.has(name)) {
      params.set(name, 'redacted');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** Fastify's request log line, with `redactUrl` applied. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
