/** A tiny image every origin of the site serves without caching (apps/web/public/ping.gif). */
export const LINE_PROBE_PATH = '/ping.gif';
/** A line that has not answered after this long is shown as unreachable. */
export const LINE_PROBE_TIMEOUT_MS = 5_000;

/**
 * Round-trip time in ms of one small uncached request to `origin`, or null when it fails or
 * times out. An image, not fetch: the CSP lets the page load images from other https origins
 * but not connect to them, and the probe needs no answer body.
 */
export function measureLine(
  origin: string,
  clock: () => number = () => performance.now(),
): Promise<number | null> {
  return new Promise((resolve) => {
    const image = new Image();
    const startedAt = clock();
    const finish = (elapsed: number | null) => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(elapsed);
    };
    const timer = setTimeout(() => finish(null), LINE_PROBE_TIMEOUT_MS);
    image.onload = () => finish(Math.max(1, Math.round(clock() - startedAt)));
    image.onerror = () => finish(null);
    image.src = `${origin}${LINE_PROBE_PATH}?t=${Date.now()}`;
  });
}
