import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * The dialogs that open by themselves, in the order they are shown: the forced password change
 * first (nothing else matters until it is done), then the registration's success, the popup
 * announcement, the after-login rewards and the first login's welcome.
 */
export const autoDialogOrder = [
  'passwordChange',
  'registerSuccess',
  'popup',
  'rewards',
  'welcome',
] as const;
export type AutoDialog = (typeof autoDialogOrder)[number];

const pending = new Set<AutoDialog>();
/** The dialog on screen; it keeps the turn until it finishes, whatever is asked meanwhile. */
let shown: AutoDialog | null = null;
/** A dialog the person opened, or a game, is on screen: nothing opens by itself over it. */
let blocked = false;
/** Until the host (loaded with a session) says how to look, everything counts as in the way. */
let blockCheck: () => boolean = () => true;
const listeners = new Set<() => void>();

function turn(): AutoDialog | null {
  if (shown) return shown;
  if (blocked) return null;
  return autoDialogOrder.find((name) => pending.has(name)) ?? null;
}

function emit(): void {
  // Journeys wait on this mark rather than guessing whether something will still open.
  document.documentElement.toggleAttribute('data-auto-dialogs', pending.size > 0);
  for (const listener of listeners) listener();
}

export function requestAutoDialog(name: AutoDialog): void {
  pending.add(name);
  blocked = blockCheck();
  emit();
}

/** The dialog closed, or has nothing to show: the next one may come. */
export function finishAutoDialog(name: AutoDialog): void {
  pending.delete(name);
  if (shown === name) shown = null;
  emit();
}

/** The dialog is on screen: it keeps the turn until it finishes. */
export function holdAutoDialog(name: AutoDialog): void {
  if (turn() === name) shown = name;
}

/** How to tell whether something is in the way (the host knows the page and the route). */
export function setAutoDialogBlockCheck(check: () => boolean): void {
  blockCheck = check;
  recheckAutoDialogBlocks();
}

/** Something appeared or went away on the page: look again. */
export function recheckAutoDialogBlocks(): void {
  const value = blockCheck();
  if (value === blocked) return;
  blocked = value;
  emit();
}

export function hasPendingAutoDialogs(): boolean {
  return pending.size > 0;
}

export function subscribeAutoDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether it is this dialog's turn. A dialog that always shows on its turn holds the turn at
 * once (`hold`); one that may find nothing to show holds it itself once it shows.
 */
export function useAutoDialogTurn(name: AutoDialog, hold = true): boolean {
  const mine = useSyncExternalStore(
    subscribeAutoDialogs,
    () => turn() === name,
    () => false,
  );
  // Before the browser paints the dialog, so that it never counts as a dialog in the way.
  useLayoutEffect(() => {
    if (mine && hold) holdAutoDialog(name);
  }, [mine, hold, name]);
  return mine;
}

/** Tests only: forget every request. */
export function resetAutoDialogs(): void {
  pending.clear();
  shown = null;
  blocked = true;
  blockCheck = () => true;
  emit();
}
