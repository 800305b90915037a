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

/**
 * Prefixes whose bare path is a page of the site (SPEC §1: `/seamless` is a full-screen page)
 * while everything under them belongs to the API (`/seamless/v1/...`, the seamless wallet).
 */
const PAGE_AT_BARE_PREFIX: ReadonlySet<string> = new Set(['/seamless']);

/** True when the URL's path is one of the prefixes or lies under one (`/wps`, `/wps/x`). */
export function isApiPath(url: string): boolean {
  const pathname = pathOf(url);
  return API_PATH_PREFIXES.some(
    (prefix) =>
      (pathname === prefix && !PAGE_AT_BARE_PREFIX.has(prefix)) ||
      pathname.startsWith(`${prefix}/`),
  );
}
