/**
 * Stands in for `use-sync-external-store/shim` (the console's vite.config.ts aliases it here).
 * react-i18next 17 imports that shim for React versions before 18; React 19 has the hook itself,
 * so the shim's fallback would only add bytes to the initial JavaScript (about 0.4 KB gzipped).
 * The player site does not need it: it runs its own react-i18next (apps/web/src/lib/i18n-runtime).
 */
export { useSyncExternalStore } from 'react';
