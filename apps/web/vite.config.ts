import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../packages/web-shared/build/precompress';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
/** Code the site and the console share (docs/web-shared.md): a source folder, no package. */
const webSharedSrc = path.join(webRoot, '../../packages/web-shared/src');
/** The site's own i18next and react-i18next (src/lib/i18n-runtime/index.ts says why). */
const i18nRuntime = path.join(webRoot, 'src/lib/i18n-runtime');

/** The platform server, which also answers the API during development. */
const API_TARGET = 'http://localhost:8080';
const proxiedPrefixes = ['/wps', '/lgw', '/docs', '/healthz', '/manifest.webmanifest'];

/** Files every start needs, besides the entry's own scripts and styles (public/). */
const SHELL_FILES = ['/', '/icons/icon-192.png', '/icons/icon-512.png'];
/**
 * Lazy modules every start loads at once (the layout, the UI kit's provider, the contract's
 * route table and English error texts): in the shell with what they import, so that the site starts offline.
 */
const SHELL_LAZY_MODULES = [
  'src/app/layout/app-layout.tsx',
  'src/app/mantine-shell.tsx',
  'packages/contract/src/routes.ts',
  'packages/contract/src/locales/en/errors.json',
];

/**
 * Writes dist/sw.js from sw/service-worker.js: the cache version is a hash of the build's file
 * names (a new build, a new cache; the old one is removed on activate) and the shell lists the
 * entry chunk with its static imports and CSS, and the lazy modules every start loads.
 */
function serviceWorker(): Plugin {
  return {
    name: 'site-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort();
      const version = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
      const entryFiles = Object.values(bundle).flatMap((output) =>
        // The fonts' input is CSS only: its empty script is not written.
        output.type === 'chunk' && output.isEntry && !output.facadeModuleId?.endsWith('.css')
          ? [output.fileName, ...output.imports, ...(output.viteMetadata?.importedCss ?? [])]
          : [],
      );
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output] as const] : [],
        ),
      );
      const lazyShellFiles = new Set<string>();
      const addWithImports = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || lazyShellFiles.has(fileName)) return;
        lazyShellFiles.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) lazyShellFiles.add(css);
        for (const imported of chunk.imports) addWithImports(imported);
      };
      for (const chunk of chunks.values()) {
        const module = chunk.facadeModuleId ?? '';
        if (SHELL_LAZY_MODULES.some((lazyModule) => module.endsWith(lazyModule))) {
          addWithImports(chunk.fileName);
        }
      }
      if (lazyShellFiles.size === 0)
        throw new Error('the shell’s lazy modules are not in the build');
      // The fonts' stylesheet is an asset of its own (fontsStylesheet below), not an entry's CSS.
      const fontsFiles = Object.values(bundle).flatMap((output) =>
        output.type === 'asset' && output.originalFileNames.includes(FONTS_STYLESHEET)
          ? [output.fileName]
          : [],
      );
      const shell = [
        ...SHELL_FILES,
        ...new Set([...entryFiles, ...lazyShellFiles, ...fontsFiles].map((file) => `/${file}`)),
      ];
      const source = readFileSync(path.join(webRoot, 'sw/service-worker.js'), 'utf8')
        .replace('__SW_VERSION__', version)
        .replace('__SW_SHELL__', JSON.stringify(shell));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/** The web font's stylesheet: a file of its own, linked by fontsStylesheet() below. */
const FONTS_STYLESHEET = 'src/fonts.css';

/**
 * Links the fonts' stylesheet (an input of its own, so that Vite does not merge it into the
 * entry's CSS) from index.html. A page painted by the server inlines
 * it whole (apps/server/src/http/web-ssr.ts): the first layout asks for the fonts, and switching
 * the entry's stylesheet on later declares no font again, which would lay the page out once more.
 */
function fontsStylesheet(): Plugin {
  return {
    name: 'site-fonts-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (output) =>
            output.type === 'asset' &&
            output.originalFileNames.includes(FONTS_STYLESHEET) &&
            output.fileName.endsWith('.css'),
        );
        if (!asset) throw new Error(`${FONTS_STYLESHEET} is not in the build`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${asset.fileName}` },
            injectTo: 'head',
          },
        ];
      },
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

/**
 * React Router publishes its production build (no development warnings and checks) under
 * `dist/production` but names only `dist/development` in its exports, which bundlers then take
 * for every build: the browser build points at the production one (about 1 KB gzipped less).
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  root: webRoot,
  plugins: isSsrBuild ? [react()] : [react(), fontsStylesheet(), serviceWorker(), precompress()],
  resolve: {
    // Both builds, so that the server's render (`--ssr`) runs the same translation code.
    alias: [
      { find: /^i18next$/, replacement: path.join(i18nRuntime, 'index.ts') },
      { find: /^react-i18next$/, replacement: path.join(i18nRuntime, 'react-bindings.tsx') },
      { find: /^@app\/web-shared\//, replacement: `${webSharedSrc}/` },
      ...(command === 'build' && !isSsrBuild
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
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
            fonts: path.join(webRoot, FONTS_STYLESHEET),
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
