/**
 * Every translation set against English (the reference), in the web app's locales and the
 * contract's (errors, validation):
 * - a full set (VI, CN, ID, PT, PT-BR, TH) has exactly English's namespaces and keys;
 * - an operator set (TY) has any part of them, nothing else (missing texts show in English);
 * - no text is empty, and each keeps English's placeholders (`{{count}}`, `(min)`, tags);
 * - every folder is a known language, and every full set is there.
 * Run from the repo root: tsx apps/web/scripts/check-locales.ts
 */
import path from 'node:path';
import {
  compareNamespace,
  requiredLocales,
  setKindOf,
} from '../../../packages/contract/src/locale-sets';
import { localeFolders, localeRoots, readNamespaces, repoRoot } from './locale-files';

const REFERENCE_LOCALE = 'en';

const problems: string[] = [];
let setCount = 0;
let textCount = 0;

for (const root of localeRoots) {
  const folders = localeFolders(root);
  if (!folders.includes(REFERENCE_LOCALE)) {
    problems.push(`${root}: no '${REFERENCE_LOCALE}' folder to compare with`);
    continue;
  }
  for (const locale of requiredLocales) {
    if (!folders.includes(locale)) problems.push(`${root}/${locale}: translation set missing`);
  }
  const reference = readNamespaces(path.join(repoRoot, root, REFERENCE_LOCALE));
  for (const locale of folders) {
    const where = `${root}/${locale}`;
    const kind = setKindOf(locale);
    if (!kind) {
      problems.push(`${where}: not a language of language-codes.ts (or not spelled like localeOf)`);
      continue;
    }
    setCount += 1;
    const namespaces = readNamespaces(path.join(repoRoot, root, locale));
    if (kind === 'full') {
      for (const namespace of reference.keys()) {
        if (!namespaces.has(namespace)) problems.push(`${where}: namespace '${namespace}' missing`);
      }
    }
    for (const [namespace, texts] of namespaces) {
      const expected = reference.get(namespace);
      if (!expected) {
        problems.push(`${where}: namespace '${namespace}' is not in ${REFERENCE_LOCALE}`);
        continue;
      }
      textCount += texts.size;
      problems.push(...compareNamespace(expected, texts, kind, `${where}/${namespace}`));
    }
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(`check-locales: ${problems.length} difference(s)`);
  process.exit(1);
}
console.log(
  `check-locales: ok: ${setCount} translation sets in ${localeRoots.length} roots, ${textCount} texts, keys and placeholders as in ${REFERENCE_LOCALE}`,
);
