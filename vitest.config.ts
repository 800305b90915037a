import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The source both browser apps share (docs/web-shared.md), as their vite.config.ts alias it. */
const webSharedAlias = {
  '@app/web-shared/': fileURLToPath(new URL('./packages/web-shared/src/', import.meta.url)),
};

/** A file of the player site's stand-ins for i18next and react-i18next (lib/i18n-runtime/). */
const webI18nRuntime = (file: string) =>
  fileURLToPath(new URL(`./apps/web/src/lib/i18n-runtime/${file}`, import.meta.url));

/**
 * As apps/web/vite.config.ts aliases them, so that the site's tests run the translation code it
 * ships (the console keeps the packages). Exact names: a string alias would match subpaths too.
 */
const webI18nAlias = [
  { find: /^i18next$/, replacement: webI18nRuntime('index.ts') },
  { find: /^react-i18next$/, replacement: webI18nRuntime('react-bindings.tsx') },
];

/**
 * Four tiers: small tests beside the code (node, and browser-like for the site and the console), medium
 * tests against a real PostgreSQL, and end-to-end journeys in Chromium against the built site.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'small',
          environment: 'node',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.medium.test.ts', '**/node_modules/**', 'packages/web-shared/**'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'packages/web-shared/src/**/*.test.ts'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
        resolve: {
          alias: [
            ...Object.entries(webSharedAlias).map(([find, replacement]) => ({ find, replacement })),
            ...webI18nAlias,
          ],
        },
        esbuild: { jsx: 'automatic' },
      },
      {
        test: {
          name: 'admin',
          environment: 'happy-dom',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/admin/src/test/setup.ts'],
        },
        resolve: { alias: webSharedAlias },
        esbuild: { jsx: 'automatic' },
      },
      {
        test: {
          name: 'medium',
          environment: 'node',
          include: ['apps/server/**/*.medium.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          // One retry, so that a test slowed past its timeout on a loaded CI machine does not
          // sink a run; a real failure fails both tries, and vitest marks a retried pass.
          retry: 1,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          retry: 1,
          // Journeys mostly wait (on the browser, the server, a draw's clock; a file used about a
          // quarter of a core), and each file has its own server and database, so three files
          // run at once even on two cores (docs/architecture.md, "End-to-end journeys").
          fileParallelism: true,
          maxWorkers: 3,
        },
      },
    ],
  },
});
