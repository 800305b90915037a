/**
 * Messages between a game in the `/game` frame and the site around it. Only same-origin games
 * (the built-in ones) can send them, and the site checks the origin of every message.
 */
export const GAME_BALANCE_CHANGED_MESSAGE = 'game-balance-changed';

/** Tells the site around the frame that the balance moved (its header then refetches it). */
export function announceBalanceChanged(): void {
  if (window.parent === window) return;
  window.parent.postMessage({ type: GAME_BALANCE_CHANGED_MESSAGE }, window.location.origin);
}

/** Whether a message event is a same-origin game's balance announcement. */
export function isBalanceChangedMessage(event: MessageEvent): boolean {
  return (
    event.origin === window.location.origin &&
    (event.data as { type?: unknown } | null)?.type === GAME_BALANCE_CHANGED_MESSAGE
  );
}

/** The site tells the game in its frame that the member's balance moved (a push, a refresh). */
export const SITE_BALANCE_CHANGED_MESSAGE = 'site-balance-changed';

/** Tells every same-origin game framed in this page that the balance moved. */
export function tellFramedGamesBalanceChanged(): void {
  for (let index = 0; index < window.frames.length; index += 1) {
    window.frames[index]?.postMessage(
      { type: SITE_BALANCE_CHANGED_MESSAGE },
      window.location.origin,
    );
  }
}

/** Whether a message event is the framing site's balance nudge. */
export function isSiteBalanceChangedMessage(event: MessageEvent): boolean {
  return (
    event.origin === window.location.origin &&
    window.parent !== window &&
    event.source === window.parent &&
    (event.data as { type?: unknown } | null)?.type === SITE_BALANCE_CHANGED_MESSAGE
  );
}
