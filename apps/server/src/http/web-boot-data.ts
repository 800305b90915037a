import { DEFAULT_LANGUAGE } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The element of index.html that carries the first screen's data (read by the web app). */
export const WEB_BOOT_DATA_ELEMENT_ID = 'boot-data';
/** The banner group the home page shows first (its LCP element). */
const HOME_BANNER_GROUP = 'home';

/**
 * What the first screen of `/` would fetch first, fetched here instead so that it arrives with
 * the HTML: the site status (merchant, switches, maintenance) and the home banners in the
 * language a first visit renders in (English; a visitor with another stored language fetches
 * again). Each is the call's own `value`, from the server's own route (`inject`), so the rules
 * (merchant by host, region by address) are the ones the call applies.
 */
export async function firstScreenData(
  app: FastifyInstance,
  request: FastifyRequest,
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
  const banners = await app.inject({
    method: 'GET',
    url: `/wps/system/banners?groupName=${HOME_BANNER_GROUP}`,
    headers: { ...headers, merchant: statusValue.merchant.code },
    remoteAddress: request.ip,
  });
  return {
    status: statusValue,
    ...(banners.statusCode === 200
      ? {
          banners: {
            groupName: HOME_BANNER_GROUP,
            lang: DEFAULT_LANGUAGE,
            value: (banners.json() as { value: unknown }).value,
          },
        }
      : {}),
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
