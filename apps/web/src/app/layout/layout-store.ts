import { useSyncExternalStore } from 'react';

/**
 * SPEC §2: on these paths (a game filling the page) the left and top bars are hidden, unless
 * the store flag below shows them again; the left bar is then forced mini. Compared lowercase
 * (the launch goes to /vnLottery, the route list says /vnlottery).
 */
export const FULLSCREEN_PATHS: readonly string[] = ['/seamless', '/vnlottery'];

export function isFullscreenPath(pathname: string): boolean {
  return FULLSCREEN_PATHS.includes(pathname.toLowerCase());
}

interface LayoutFlags {
  /** The store flag: show the bars on full-screen paths too. */
  barsOnFullscreen: boolean;
  /** The visitor folded the left bar to icons (desktop). */
  navMini: boolean;
}

let flags: LayoutFlags = { barsOnFullscreen: false, navMini: false };
const listeners = new Set<() => void>();

function update(change: Partial<LayoutFlags>) {
  flags = { ...flags, ...change };
  for (const listener of listeners) listener();
}

export const setBarsOnFullscreen = (value: boolean) => update({ barsOnFullscreen: value });
export const setNavMini = (value: boolean) => update({ navMini: value });

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLayoutFlags(): LayoutFlags {
  return useSyncExternalStore(
    subscribe,
    () => flags,
    () => flags,
  );
}
