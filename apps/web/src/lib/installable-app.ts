import { useSyncExternalStore } from 'react';

/** The service worker the build writes (vite.config.ts, `sw/service-worker.js`). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Chromium's install prompt event (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

let installPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Makes the site installable: registers the service worker (production builds only: in
 * development it would serve stale modules) and keeps the browser's install prompt for the
 * download page's "Install" button.
 */
export function setUpInstallableApp(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    notify();
  });
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    // A failed registration leaves a working site without offline start; nothing to tell.
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  });
}

/** The browser's install prompt while one is on offer, else null (iOS, installed, other browsers). */
export function useInstallPrompt(): (() => void) | null {
  const prompt = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => installPrompt,
    () => null,
  );
  if (!prompt) return null;
  return () => {
    void prompt.prompt();
    installPrompt = null;
    notify();
  };
}
