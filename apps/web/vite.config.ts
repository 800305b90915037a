import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/** The platform server, which also answers the API during development. */
const API_TARGET = 'http://localhost:8080';
const proxiedPrefixes = ['/wps', '/lgw', '/docs', '/healthz'];

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress()],
  build: {
    outDir: path.join(webRoot, 'dist'),
    // dist/.vite/manifest.json: which chunk imports which (scripts/size-budget.ts budgets lazy chunks).
    manifest: true,
    emptyOutDir: true,
    // 170 KB gzipped is the real budget (scripts/size-budget.ts); this only silences Vite's own.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
});
