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
