import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../packages/web-shared/build/precompress';

const adminRoot = path.dirname(fileURLToPath(import.meta.url));
/** Code the site and the console share (docs/web-shared.md): a source folder, no package. */
const webSharedSrc = path.join(adminRoot, '../../packages/web-shared/src');

/** The platform server, which answers the operator API during development. */
const API_TARGET = 'http://localhost:8080';

/** The console lives under this path of the platform server (apps/server/src/http/console-app.ts). */
const CONSOLE_BASE = '/console/';

export default defineConfig({
  root: adminRoot,
  base: CONSOLE_BASE,
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: react-i18next's shim for older Reacts is dead weight.
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.join(webSharedSrc, 'use-sync-external-store-shim.ts'),
      },
      { find: /^@app\/web-shared\//, replacement: `${webSharedSrc}/` },
    ],
  },
  build: {
    outDir: path.join(adminRoot, 'dist'),
    // dist/.vite/manifest.json: which chunk imports which (scripts/size-budget.ts).
    manifest: true,
    emptyOutDir: true,
    // The real budget is scripts/size-budget.ts; this only silences Vite's own warning.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/admin': { target: API_TARGET, changeOrigin: false } },
  },
});
