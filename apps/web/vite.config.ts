import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../packages/web-shared/build/precompress';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
/** Code the site and the console share (docs/web-shared.md): a source folder, no package. */
const webSharedSrc = path.join(webRoot, '../../packages/web-shared/src');

/** The platform server, which also answers the API during development. */
const API_TARGET = 'http://localhost:8080';
const proxiedPrefixes = ['/wps', '/lgw', '/docs', '/healthz', '/manifest.webmanifest'];

/** Files every start needs, besides the entry's own scripts and styles (public/). */
const SHELL_FILES = ['/', '/icons/icon-192.png', '/icons/icon-512.png'];

/**
 * Writes dist/sw.js from sw/service-worker.js: the cache version is a hash of the build's file
 * names (a new build, a new cache; the old one is removed on activate) and the shell lists the
 * entry chunk with its static imports and CSS.
 */
function serviceWorker(): Plugin {
  return {
    name: 'site-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort();
      const version = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
      const entryFiles = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' && output.isEntry
          ? [output.fileName, ...output.imports, ...(output.viteMetadata?.importedCss ?? [])]
          : [],
      );
      const shell = [...SHELL_FILES, ...entryFiles.map((file) => `/${file}`)];
      const source = readFileSync(path.join(webRoot, 'sw/service-worker.js'), 'utf8')
        .replace('__SW_VERSION__', version)
        .replace('__SW_SHELL__', JSON.stringify(shell));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * The server's renderer of the first screen (docs/architecture.md, "The server-painted first
 * screen"): `vite build --ssr` writes it to dist-ssr/, beside the site's own build, and the
 * platform server loads it once at start. Its packages (React, Mantine, ...) stay imports of
 * node_modules; only the site's own code is bundled.
 */
const ssrBuild = {
  outDir: path.join(webRoot, 'dist-ssr'),
  emptyOutDir: true,
  rollupOptions: { input: path.join(webRoot, 'src/ssr/entry-server.tsx') },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: isSsrBuild ? [react()] : [react(), serviceWorker(), precompress()],
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
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: path.join(webRoot, 'dist'),
        // dist/.vite/manifest.json: which chunk imports which (scripts/size-budget.ts budgets lazy chunks).
        manifest: true,
        emptyOutDir: true,
        // 170 KB gzipped is the real budget (scripts/size-budget.ts); this only silences Vite's own.
        chunkSizeWarningLimit: 600,
        rollupOptions: {
          // Lazy chunks are named by hash alone: the entry carries every lazy chunk's file name (its
          // preload lists), so descriptive names cost initial bytes (about 0.6 KB gzipped). Seven
          // hash characters instead of eight save another 0.3 KB (hashes do not compress); that is
          // ample for a few hundred chunks, and Rolldown stops the build if the count ever needs more.
          output: { chunkFileNames: 'assets/[hash:7].js' },
          // The start script of pages painted by the server (src/ssr/start-app.ts): an entry of
          // its own, named in the manifest, which the server reads.
          input: {
            index: path.join(webRoot, 'index.html'),
            'start-app': path.join(webRoot, 'src/ssr/start-app.ts'),
          },
        },
      },
  server: {
    proxy: {
      ...Object.fromEntries(
        proxiedPrefixes.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
      ),
      // Realtime push (apps/web/src/lib/realtime.ts): the WebSocket upgrade goes through too.
      '^/ws(\\?|$)': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
}));
