/**
 * The only script a page painted by the server fetches at once (apps/server/src/http/web-ssr.ts).
 * The page arrives with its content and the CSS its markup uses; the site's scripts only make it
 * interactive, so they start after the first paint instead of taking the network and the main
 * thread from it. The painted page carries the entry script's address on this script's element
 * and its preloads as `<link data-deferred-rel="modulepreload">`, which browsers do not fetch.
 * Links work before the scripts run: they are plain `<a href>`, and the server paints the next page.
 */

/** The attribute of this script's element that holds the entry script's address. */
const APP_ENTRY_ATTRIBUTE = 'data-app-entry';
/**
 * The start when no frame is painted (a tab opened in the background paints none): the scripts
 * start then anyway.
 */
const START_WITHOUT_PAINT_AFTER_MS = 1_000;

function startApp(): void {
  // The page's stylesheets, deferred by the server (it inlined the rules the markup uses).
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-beasties-media]')) {
    link.media = link.dataset.beastiesMedia ?? 'all';
    link.removeAttribute('data-beasties-media');
  }
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
