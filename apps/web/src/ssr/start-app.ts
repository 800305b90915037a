import { holdEarlyEvents } from './hold-early-events';

/**
 * The only script a page painted by the server fetches at once (apps/server/src/http/web-ssr.ts).
 * The page arrives with its content and the CSS its markup uses; the site's scripts only make it
 * interactive, so they start after the first paint instead of taking the network and the main
 * thread from it. The painted page carries the entry script's address on this script's element
 * and its preloads as `<link data-deferred-rel="modulepreload">`, which browsers do not fetch.
 * A tap before React answers it is held and replayed (hold-early-events.ts).
 */

/** The attribute of this script's element that holds the entry script's address. */
const APP_ENTRY_ATTRIBUTE = 'data-app-entry';
/**
 * The start when no frame is painted (a tab opened in the background paints none): the scripts
 * start then anyway.
 */
const START_WITHOUT_PAINT_AFTER_MS = 1_000;
/** Where the site keeps the visitor's colour scheme (apps/web/src/lib/storage.ts, `localKeys.theme`). */
const COLOR_SCHEME_STORAGE_KEY = 'theme';

applyStoredColorScheme();
const earlyEvents = holdEarlyEvents();

/** The page's stylesheets, deferred by the server (it inlined only the rules the markup uses). */
function switchStylesheetsOn(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-beasties-media]')) {
    link.media = link.dataset.beastiesMedia ?? 'all';
    link.removeAttribute('data-beasties-media');
  }
}

/**
 * The server paints the default (dark) theme; a visitor who chose the light one (local storage
 * `theme`, Mantine's colour-scheme manager: apps/web/src/lib/theme.ts) gets it before the first
 * paint rather than after the app starts. The inlined rules are the dark theme's, so the whole
 * stylesheets are switched on with it.
 */
function applyStoredColorScheme(): void {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
  } catch {
    return;
  }
  const html = document.documentElement;
  if (stored !== 'light' || html.getAttribute('data-mantine-color-scheme') === stored) return;
  html.setAttribute('data-mantine-color-scheme', stored);
  switchStylesheetsOn();
}

function startApp(): void {
  switchStylesheetsOn();
  for (const deferred of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-rel]')) {
    const link = document.createElement('link');
    link.rel = deferred.dataset.deferredRel ?? '';
    link.href = deferred.href;
    link.crossOrigin = '';
    deferred.replaceWith(link);
  }
  const entry = document.querySelector<HTMLScriptElement>(`script[${APP_ENTRY_ATTRIBUTE}]`);
  const entryAddress = entry?.getAttribute(APP_ENTRY_ATTRIBUTE);
  if (!entryAddress) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entryAddress;
  script.addEventListener('error', earlyEvents.giveUp);
  document.head.append(script);
}

let started = false;
function startOnce(): void {
  if (started) return;
  started = true;
  startApp();
}

if (document.visibilityState === 'hidden') startOnce();
else {
  // A frame callback runs just before the next paint; a task queued from it runs after.
  requestAnimationFrame(() => setTimeout(startOnce));
  setTimeout(startOnce, START_WITHOUT_PAINT_AFTER_MS);
}
