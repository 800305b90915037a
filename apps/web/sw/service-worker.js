// The site's service worker (built into dist/sw.js by vite.config.ts, which fills in the two
// placeholders). It makes the site installable and start offline: it caches the app shell
// (index.html, the entry scripts and styles, the manifest and icons) and hashed assets as they
// are used. It NEVER answers API calls or server pages from a cache: those go to the network
// untouched, so balances, sessions and payments are always live.

const VERSION = '__SW_VERSION__';
const CACHE_PREFIX = 'site-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${VERSION}`;
/** @type {string[]} */
const SHELL = __SW_SHELL__;
const SHELL_PAGE = '/';

/** Paths of the API and of server-made pages: never cached, never answered with the shell. */
const NETWORK_ONLY_PREFIXES = [
  '/wps',
  '/lgw',
  '/lotto',
  '/admin',
  '/seamless',
  '/sandbox-',
  '/callbacks',
  '/docs',
  '/healthz',
  '/readyz',
  '/dev/',
  '/sw.js',
  '/ping.gif',
  '/manifest.webmanifest',
];
/** Files whose names change with their content: safe to answer from the cache first. */
const IMMUTABLE_PREFIXES = ['/assets/', '/icons/'];

function isNetworkOnly(pathname) {
  return NETWORK_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

// A new version removes the caches of every older one.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && type.startsWith('text/html')) {
      const cache = await caches.open(CACHE_NAME);
      await cache.put(SHELL_PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_PAGE);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE_NAME);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isNetworkOnly(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (IMMUTABLE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
    event.respondWith(cacheFirst(request));
  }
});
