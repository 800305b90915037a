/**
 * Lists the keys English has and a full translation set lacks, per root, language and namespace,
 * so that texts added in English (and Vietnamese) can be translated into the other sets. TY is
 * left out: its texts are the operator's, English stands in for each one missing.
 * Run from the repo root: tsx apps/web/scripts/missing-translations.ts [--json]
 * Exit code 0 either way: `npm run locales:check` is the gate.
 */
import path from 'node:path';
import { missingKeys, setKindOf } from '../../../packages/contract/src/locale-sets';
import { localeFolders, localeRoots, readNamespaces, repoRoot } from './locale-files';

const REFERENCE_LOCALE = 'en';

interface Missing {
  root: string;
  locale: string;
  namespace: string;
  key: string;
  english: string;
}

const missing: Missing[] = [];
for (const root of localeRoots) {
  const reference = readNamespaces(path.join(repoRoot, root, REFERENCE_LOCALE));
  for (const locale of localeFolders(root).filter((folder) => setKindOf(folder) === 'full')) {
    const namespaces = readNamespaces(path.join(repoRoot, root, locale));
    for (const [namespace, texts] of reference) {
      for (const key of missingKeys(texts, namespaces.get(namespace))) {
        missing.push({ root, locale, namespace, key, english: String(texts.get(key)) });
      }
    }
  }
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(missing, null, 2));
} else if (missing.length === 0) {
  console.log('missing-translations: none; every full set has every English key');
} else {
  for (const item of missing) {
    console.log(
      `${item.root}/${item.locale}/${item.namespace}.json  ${item.key}  "${item.english}"`,
    );
  }
  const sets = new Set(missing.map((item) => item.locale));
  console.log(
    `missing-translations: ${missing.length} text(s) to translate in ${sets.size} set(s)`,
  );
}
