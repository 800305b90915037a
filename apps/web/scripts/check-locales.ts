/**
 * Every locale folder has the same namespaces and keys as `en`, and no empty text.
 * Checks the web app's locales and the contract's (errors, validation). Run from the repo root:
 *   tsx apps/web/scripts/check-locales.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REFERENCE_LANGUAGE = 'en';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const localeRoots = ['apps/web/src/locales', 'packages/contract/src/locales'];

type Texts = Map<string, unknown>;

/** Nested objects become dotted keys, as i18next reads them. */
function flatten(value: unknown, prefix: string, into: Texts): Texts {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    }
  } else {
    into.set(prefix, value);
  }
  return into;
}

function readNamespaces(folder: string): Map<string, Texts> {
  const namespaces = new Map<string, Texts>();
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const parsed: unknown = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
    namespaces.set(file.replace(/\.json$/, ''), flatten(parsed, '', new Map()));
  }
  return namespaces;
}

const problems: string[] = [];
let languageCount = 0;
let keyCount = 0;

for (const root of localeRoots) {
  const rootPath = path.join(repoRoot, root);
  if (!existsSync(rootPath)) {
    problems.push(`${root}: folder missing`);
    continue;
  }
  const languages = readdirSync(rootPath, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  if (!languages.includes(REFERENCE_LANGUAGE)) {
    problems.push(`${root}: no '${REFERENCE_LANGUAGE}' folder to compare with`);
    continue;
  }
  const reference = readNamespaces(path.join(rootPath, REFERENCE_LANGUAGE));
  for (const language of languages) {
    languageCount += 1;
    const where = `${root}/${language}`;
    const namespaces = readNamespaces(path.join(rootPath, language));
    for (const namespace of reference.keys()) {
      if (!namespaces.has(namespace)) problems.push(`${where}: namespace '${namespace}' missing`);
    }
    for (const [namespace, texts] of namespaces) {
      const expected = reference.get(namespace);
      if (!expected) {
        problems.push(`${where}: namespace '${namespace}' is not in ${REFERENCE_LANGUAGE}`);
        continue;
      }
      for (const key of expected.keys()) {
        if (!texts.has(key)) problems.push(`${where}/${namespace}: key '${key}' missing`);
      }
      for (const [key, text] of texts) {
        keyCount += 1;
        if (!expected.has(key)) {
          problems.push(`${where}/${namespace}: key '${key}' is not in ${REFERENCE_LANGUAGE}`);
        }
        if (typeof text !== 'string') {
          problems.push(`${where}/${namespace}: key '${key}' is not a string`);
        } else if (text.trim() === '') {
          problems.push(`${where}/${namespace}: key '${key}' is empty`);
        }
      }
    }
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(`check-locales: ${problems.length} difference(s)`);
  process.exit(1);
}
console.log(
  `check-locales: ok: ${languageCount} locale folders in ${localeRoots.length} roots, ${keyCount} texts, same keys as ${REFERENCE_LANGUAGE}`,
);
