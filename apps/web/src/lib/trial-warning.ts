import { useSyncExternalStore } from 'react';

/**
 * Whether the "please register an account first" warning is up (SPEC §6, in_need_true_account):
 * raised by a trial account's click on a member feature, or by the server's TRIAL_ACCOUNT answer.
 */
let shown = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (shown === value) return;
  shown = value;
  for (const listener of listeners) listener();
}

export const showTrialWarning = (): void => set(true);
export const hideTrialWarning = (): void => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTrialWarningShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
}
