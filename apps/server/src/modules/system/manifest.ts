import type { FastifyInstance } from 'fastify';
import type { Merchant } from './merchant.js';
import type { SystemService } from './service.js';

export const MANIFEST_PATH = '/manifest.webmanifest';
/** Home-screen labels longer than this are cut by launchers; the short name fits. */
export const MANIFEST_SHORT_NAME_MAX_LENGTH = 12;
/** The dark theme's page colour (default theme, SPEC §5), shown while the app starts. */
const APP_BACKGROUND = '#14152a';
const FALLBACK_NAME = 'Player site';

/** The web app manifest of a merchant's site: its name, the shipped icons, standalone display. */
export function webAppManifest(merchant: Pick<Merchant, 'name' | 'defaultLanguage'> | null) {
  const name = merchant?.name ?? FALLBACK_NAME;
  return {
    name,
    short_name: name.slice(0, MANIFEST_SHORT_NAME_MAX_LENGTH),
    lang: (merchant?.defaultLanguage ?? 'EN').toLowerCase(),
    start_url: '/',
    scope: '/',
    id: '/',
    display: 'standalone',
    background_color: APP_BACKGROUND,
    theme_color: APP_BACKGROUND,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * `GET /manifest.webmanifest`, named after the merchant of the host (or the Merchant header,
 * or the default merchant). A host of no merchant still gets a manifest with a neutral name.
 */
export function registerManifestRoute(app: FastifyInstance, system: SystemService): void {
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.merchant;
    const merchant = await system
      .resolveMerchant({ code: Array.isArray(header) ? header[0] : header, host: request.host })
      .catch(() => null);
    reply.header('Content-Type', 'application/manifest+json; charset=utf-8');
    reply.header('Cache-Control', 'no-cache');
    return JSON.stringify(webAppManifest(merchant));
  });
}
