/**
 * Stands in for `use-sync-external-store/shim` (both apps' vite.config.ts alias it here). react-i18next 17
 * imports that shim for React versions before 18; React 19 has the hook itself, so the shim's
 * fallback would only add bytes to the initial JavaScript (about 0.4 KB gzipped).
 */
export { useSyncExternalStore } from 'react';
