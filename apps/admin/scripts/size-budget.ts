/**
 * Size budget of the operator console's build (docs/console.md), gzipped:
 * - the initial JavaScript: the entry script of dist/index.html and every chunk it modulepreloads
 *   (the shell: React, Mantine, the router, TanStack Query, i18next and the English texts);
 * - each lazily loaded page with what it adds to the initial JS (its zod schemas among them).
 * Run after `npm run build`: npm run size:admin
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzipped initial JavaScript of the console may not exceed this many kilobytes. */
export const CONSOLE_INITIAL_JS_BUDGET_KB = 147;
/**
 * The signed-in layout (AppShell, navigation, top bar), loaded lazily after the session check,
 * with what it adds to the initial JS, gzipped.
 */
export const CONSOLE_LAYOUT_BUDGET_KB = 40;
/**
 * A page of the console with what it adds to the initial JS and, for pages inside the signed-in
 * layout, to the layout too (the layout always loads with them), gzipped.
 */
export const CONSOLE_PAGE_BUDGET_KB = 70;
/** The lazy signed-in layout; every page but sign-in and enrolment opens inside it. */
const LAYOUT_SOURCE = 'src/app/layout/console-layout.tsx';
/** Pages shown outside the signed-in layout. */
const OUTSIDE_LAYOUT = /^src\/features\/session\//;
const BYTES_PER_KB = 1024;

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const indexPath = path.join(distDir, 'index.html');
const manifestPath = path.join(distDir, '.vite/manifest.json');
for (const required of [indexPath, manifestPath]) {
  if (!existsSync(required)) {
    console.error(`size-budget (console): ${required} not found; run npm run build first`);
    process.exit(1);
  }
}

const html = readFileSync(indexPath, 'utf8');
/** Script and preload URLs of index.html, as files under dist/ (the base `/console/` removed). */
function filesOf(tagPattern: RegExp, attribute: string): string[] {
  return [...html.matchAll(tagPattern)].flatMap(([tag]) => {
    const value = new RegExp(`${attribute}="([^"]+)"`).exec(tag)?.[1];
    return value ? [value.replace(/^\/console\//, '')] : [];
  });
}

const gzipCache = new Map<string, number>();
function gzipOf(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(distDir, file))).length;
    gzipCache.set(file, size);
  }
  return size;
}
const kb = (bytes: number) => (bytes / BYTES_PER_KB).toFixed(1);

const initialFiles = new Set([
  ...filesOf(/<script\b[^>]*type="module"[^>]*>/g, 'src'),
  ...filesOf(/<link\b[^>]*rel="modulepreload"[^>]*>/g, 'href'),
]);
if (initialFiles.size === 0) {
  console.error('size-budget (console): no entry script in dist/index.html');
  process.exit(1);
}
const initialBytes = [...initialFiles].reduce((sum, file) => sum + gzipOf(file), 0);
const cssBytes = filesOf(/<link\b[^>]*rel="stylesheet"[^>]*>/g, 'href').reduce(
  (sum, file) => sum + gzipOf(file),
  0,
);

interface ManifestChunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const problems: string[] = [];
const summary = `console initial JS ${kb(initialBytes)} KB gzipped (budget ${CONSOLE_INITIAL_JS_BUDGET_KB} KB), CSS ${kb(cssBytes)} KB`;
if (initialBytes > CONSOLE_INITIAL_JS_BUDGET_KB * BYTES_PER_KB)
  problems.push(`over budget: ${summary}`);

const layoutKey = Object.keys(manifest).find((key) => key.endsWith(LAYOUT_SOURCE));
if (!layoutKey) {
  console.error(`size-budget (console): ${LAYOUT_SOURCE} is not a lazy chunk of the build`);
  process.exit(1);
}
const layoutFiles = closure(layoutKey);
const layoutBytes = [...layoutFiles]
  .filter((file) => !initialFiles.has(file))
  .reduce((sum, file) => sum + gzipOf(file), 0);
const layoutSummary = `signed-in layout +${kb(layoutBytes)} KB (budget ${CONSOLE_LAYOUT_BUDGET_KB} KB)`;
if (layoutBytes > CONSOLE_LAYOUT_BUDGET_KB * BYTES_PER_KB) {
  problems.push(`over budget: ${layoutSummary}`);
}

let largestPageBytes = 0;
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || key === layoutKey) continue;
  const name = (chunk.src ?? key).replace(/^.*\/src\//, '');
  const alreadyLoaded = (file: string) =>
    initialFiles.has(file) || (!OUTSIDE_LAYOUT.test(`src/${name}`) && layoutFiles.has(file));
  const added = [...closure(key)].filter((file) => !alreadyLoaded(file));
  const bytes = added.reduce((sum, file) => sum + gzipOf(file), 0);
  largestPageBytes = Math.max(largestPageBytes, bytes);
  console.log(`  lazy ${name.padEnd(56)} +${kb(bytes)} KB gzip`);
  if (bytes > CONSOLE_PAGE_BUDGET_KB * BYTES_PER_KB) {
    problems.push(`${name} adds ${kb(bytes)} KB (budget ${CONSOLE_PAGE_BUDGET_KB} KB)`);
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`size-budget (console): ${problem}`);
  process.exit(1);
}
console.log(
  `size-budget (console): ok: ${summary}; ${layoutSummary}; largest lazy chunk +${kb(largestPageBytes)} KB (budget ${CONSOLE_PAGE_BUDGET_KB} KB)`,
);
