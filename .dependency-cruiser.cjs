/** Import rules of ARCHITECTURE.md §4, checked in `npm test`. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles (types included; a type-only cycle still tangles two modules).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-only-through-index',
      severity: 'error',
      comment: 'A server module reaches another only through its index.ts (rule 1).',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'kysely-only-in-repositories',
      severity: 'error',
      comment: 'Only repository.ts files and db/ touch Kysely (rule 2); tests may set up data.',
      from: {
        path: '^apps/server/src/',
        pathNot: ['[/.]repository\\.ts$', '^apps/server/src/db/', '\\.test\\.ts$'],
      },
      to: { path: 'node_modules/kysely/' },
    },
    {
      name: 'tests-not-on-demo-seed',
      severity: 'error',
      comment:
        "Medium tests and their helpers build their data from test/fixtures/, never from the demo seed (db/seed.ts), so an edit of the demo cannot change a test; only the demo seed's own test and the tests of what runs it (CLI, production start) read it (issue 14).",
      from: {
        path: ['^apps/server/test/', '\\.test\\.ts$', '^apps/server/src/modules/[^/]+/test/'],
        pathNot: [
          '^apps/server/src/db/seed\\.medium\\.test\\.ts$',
          '^apps/server/src/db/cli\\.medium\\.test\\.ts$',
          '^apps/server/test/safety/production\\.medium\\.test\\.ts$',
        ],
      },
      to: { path: '^apps/server/src/db/seed\\.ts$' },
    },
    {
      name: 'test-seams-for-tests-only',
      severity: 'error',
      comment:
        "A module's test-seams.ts (its repositories and engines, for tests and benches) is never imported by the server: the server uses the module's declared service from index.ts.",
      from: { path: '^apps/server/src/', pathNot: ['\\.test\\.ts$', '/test/'] },
      to: { path: '^apps/server/src/modules/[^/]+/test-seams\\.ts$' },
    },
    {
      name: 'game-math-pure',
      severity: 'error',
      comment: 'packages/game-math is pure and deterministic: no I/O, no other package (rule 5).',
      from: { path: '^packages/game-math/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^packages/game-math/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app imports packages/*, never apps/server (rule 4).',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'web-feature-not-other-feature',
      severity: 'error',
      comment: 'A web feature never imports another feature; app/ composes them (rule 4).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-not-features',
      severity: 'error',
      comment: 'lib/, components/ and the shared calls of api/ know no domain.',
      from: { path: '^apps/web/src/(lib|components|api)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-api-client-only-in-api-folders',
      severity: 'error',
      comment:
        "Components, hooks and the shell call the API through their feature's api/ folder (src/api/ for the shared pieces of components/): only those import the low-level client (issue 14, docs/web-structure.md).",
      from: {
        path: '^apps/web/src/',
        pathNot: ['^apps/web/src/features/[^/]+/api/', '^apps/web/src/api/', '\\.test\\.tsx?$'],
      },
      to: { path: '^apps/web/src/lib/api-client\\.ts$' },
    },
    {
      name: 'web-contract-client-only',
      severity: 'error',
      comment:
        'The web app uses the zod-free `@app/contract/client` at run time (size budget); types may come from anywhere.',
      from: { path: '^apps/web/src/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: ['^packages/contract/src/index\\.ts$', 'node_modules/zod/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'admin-not-server-or-web',
      severity: 'error',
      comment:
        'The console imports packages/*, never apps/server or apps/web (a shared piece becomes a package).',
      from: { path: '^apps/admin/' },
      to: { path: '^apps/(server|web)/' },
    },
    {
      name: 'admin-feature-not-other-feature',
      severity: 'error',
      comment: 'A console feature never imports another feature; app/ composes them.',
      from: { path: '^apps/admin/src/features/([^/]+)/' },
      to: { path: '^apps/admin/src/features/', pathNot: '^apps/admin/src/features/$1/' },
    },
    {
      name: 'admin-shared-not-features',
      severity: 'error',
      comment: "The console's lib/ knows no feature and no page.",
      from: { path: '^apps/admin/src/lib/' },
      to: { path: '^apps/admin/src/(features|app)/' },
    },
    {
      name: 'contract-zod-only',
      severity: 'error',
      comment: 'packages/contract depends on zod alone (rule 5).',
      from: { path: '^packages/contract/src/', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypes: [
          'npm',
          'npm-dev',
          'npm-peer',
          'npm-optional',
          'npm-no-pkg',
          'npm-unknown',
        ],
        pathNot: 'node_modules/zod/',
      },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'Shared packages never reach into the apps.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^apps/[^/]+/dist(-ssr)?/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
