/**
 * First path segments that belong to the API and machine callers, never to the web app: an
 * unknown path under them is the JSON 404 envelope, not the site's page, and their JSON replies
 * are never stored by a cache.
 */
export const API_PATH_PREFIXES = [
  '/wps',
  '/lgw',
  '/lotto',
  '/admin',
  '/seamless',
  '/callbacks',
  '/dev',
  '/docs',
  '/healthz',
  '/readyz',
] as const;

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** True when the URL's path is one of the prefixes or lies under one (`/wps`, `/wps/x`). */
export function isApiPath(url: string): boolean {
  const pathname = pathOf(url);
  return API_PATH_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
