import { useSyncExternalStore } from 'react';

/**
 * Which member centre page is open (null: closed). One small store so the avatar menu, and
 * later any other button, can open the centre on a page without passing props around.
 * Page keys are SPEC §2's (`transferFund`, `transactionHistory`, ...).
 */
let openPage: string | null = null;
const listeners = new Set<() => void>();

export function openMemberCentre(page: string): void {
  openPage = page;
  for (const listener of listeners) listener();
}

export function closeMemberCentre(): void {
  openPage = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useMemberCentrePage(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => openPage,
    () => null,
  );
}
