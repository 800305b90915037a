/**
 * Whether the server painted the page for a phone: it guesses from the request
 * (apps/server/src/http/web-ssr.ts, `isPhoneRequest`) and marks `#root` with
 * `data-layout="phone"`. A part whose phone markup is chosen by script rather than by CSS (the
 * game lobby) hydrates in the painted layout, so that hydration matches and a phone does not
 * render the whole lobby a second time right after hydrating it.
 */
let paintingForPhone = false;

/** The server's renderer says which layout it paints (ssr/entry-server.tsx). */
export function setPaintingForPhone(phone: boolean): void {
  paintingForPhone = phone;
}

/** A `useSyncExternalStore` server snapshot: the layout the page was painted in. */
export function paintedForPhone(): boolean {
  if (typeof document === 'undefined') return paintingForPhone;
  return document.getElementById('root')?.dataset.layout === 'phone';
}
