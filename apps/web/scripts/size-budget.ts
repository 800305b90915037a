/**
 * Size budget of the web build (TOOLCHAIN.md): the initial JavaScript, meaning the entry script
 * of dist/index.html and every chunk it modulepreloads, gzipped. Run after `vite build`:
 *   tsx apps/web/scripts/size-budget.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzipped initial JavaScript may not exceed this many kilobytes. */
export const INITIAL_JS_BUDGET_KB = 170;
const BYTES_PER_KB = 1024;

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const indexPath = path.join(distDir, 'index.html');

if (!existsSync(indexPath)) {
  console.error(`size-budget: ${indexPath} not found; run the web build first`);
  process.exit(1);
}

const html = readFileSync(indexPath, 'utf8');

function attributeValues(tagPattern: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const [tag] of html.matchAll(tagPattern)) {
    const value = new RegExp(`${attribute}="([^"]+)"`).exec(tag)?.[1];
    if (value) values.push(value);
  }
  return values;
}

const entryScripts = attributeValues(/<script\b[^>]*type="module"[^>]*>/g, 'src');
const preloads = attributeValues(/<link\b[^>]*rel="modulepreload"[^>]*>/g, 'href');
const stylesheets = attributeValues(/<link\b[^>]*rel="stylesheet"[^>]*>/g, 'href');

function gzippedSize(url: string): { file: string; raw: number; gzip: number } {
  const file = path.join(distDir, url.replace(/^\//, ''));
  const content = readFileSync(file);
  return {
    file: path.relative(distDir, file),
    raw: content.length,
    gzip: gzipSync(content).length,
  };
}

const kb = (bytes: number) => (bytes / BYTES_PER_KB).toFixed(1);

const initialJs = [...new Set([...entryScripts, ...preloads])].map(gzippedSize);
const css = stylesheets.map(gzippedSize);

if (initialJs.length === 0) {
  console.error('size-budget: no entry script found in dist/index.html');
  process.exit(1);
}

for (const chunk of initialJs) {
  console.log(
    `  js   ${chunk.file.padEnd(48)} ${kb(chunk.raw).padStart(8)} KB  gzip ${kb(chunk.gzip)} KB`,
  );
}
for (const sheet of css) {
  console.log(
    `  css  ${sheet.file.padEnd(48)} ${kb(sheet.raw).padStart(8)} KB  gzip ${kb(sheet.gzip)} KB`,
  );
}

const jsTotal = initialJs.reduce((sum, chunk) => sum + chunk.gzip, 0);
const cssTotal = css.reduce((sum, sheet) => sum + sheet.gzip, 0);
const summary = `initial JS ${kb(jsTotal)} KB gzipped (budget ${INITIAL_JS_BUDGET_KB} KB), CSS ${kb(cssTotal)} KB gzipped`;

if (jsTotal > INITIAL_JS_BUDGET_KB * BYTES_PER_KB) {
  console.error(`size-budget: over budget: ${summary}`);
  process.exit(1);
}
console.log(`size-budget: ok: ${summary}`);
