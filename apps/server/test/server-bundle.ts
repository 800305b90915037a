import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The server entry `npm start` runs (through tsx). */
const SERVER_ENTRY = 'apps/server/src/main.ts';
/**
 * Where bundles go: inside the repository, so that Node resolves the external packages from its
 * node_modules as it does for the source, and in a folder git ignores.
 */
const BUNDLE_ROOT = 'node_modules/.cache/server-bundles';
/** The workspace's own packages, bundled from source like the server; every other package stays external. */
const WORKSPACE_PACKAGE = /^@app\//;
const IMPORT_META_URL = /\bimport\.meta\.url\b/g;

/**
 * Keeps npm packages as imports (native add-ons, the embedded PostgreSQL binaries and their
 * files stay where npm put them), and gives each source file its own `import.meta.url`, so the
 * paths it builds from it (the repository root, the console's dist, the watchdog script) stay
 * what they are under tsx wherever the bundle lies.
 */
const sourceAsUnderTsx: Plugin = {
  name: 'source-as-under-tsx',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      WORKSPACE_PACKAGE.test(args.path) ? undefined : { path: args.path, external: true },
    );
    pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replace(IMPORT_META_URL, url), loader: 'ts' };
    });
  },
};

export interface ServerBundle {
  /** The bundle's file, to run with `node --enable-source-maps <file>`. */
  file: string;
  remove(): Promise<void>;
}

/**
 * Bundles the server's own source (and the workspace packages) into one ES module, once per test
 * run, for every server process the run starts. Each process used to compile and load the
 * server's TypeScript through tsx before `main.ts` ran its first line: on the shared 2-core
 * machine 19 to 46 s to ready and 3.7 CPU-seconds, against 9 to 30 s and 2.1 from the bundle. The
 * bundle is the same source, compiled by the esbuild that tsx itself uses, so the process under
 * test still runs `main.ts` as `npm start` does; its inline source map keeps stack traces on the
 * `.ts` lines.
 */
export async function bundleServer(): Promise<ServerBundle> {
  const folder = path.join(repositoryRoot, BUNDLE_ROOT, randomBytes(6).toString('hex'));
  const file = path.join(folder, 'main.mjs');
  await build({
    absWorkingDir: repositoryRoot,
    entryPoints: [SERVER_ENTRY],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [sourceAsUnderTsx],
  });
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** The arguments of `node` that start the server: from `bundleFile` when given, else through tsx. */
export function serverNodeArgs(bundleFile: string | undefined): string[] {
  return bundleFile ? ['--enable-source-maps', bundleFile] : ['--import', 'tsx', SERVER_ENTRY];
}
