/** Reads the locale folders of the web app and the contract (for the locale scripts). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FlatTexts, flattenTexts } from '../../../packages/contract/src/locale-sets';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const localeRoots = ['apps/web/src/locales', 'packages/contract/src/locales'];

/** A locale folder's namespaces (file name without `.json`) and their flattened texts. */
export function readNamespaces(folder: string): Map<string, FlatTexts> {
  const namespaces = new Map<string, FlatTexts>();
  if (!existsSync(folder)) return namespaces;
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const parsed: unknown = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
    namespaces.set(file.replace(/\.json$/, ''), flattenTexts(parsed));
  }
  return namespaces;
}

/** The locale folders under a root (`en`, `pt-BR`…). */
export function localeFolders(root: string): string[] {
  const rootPath = path.join(repoRoot, root);
  if (!existsSync(rootPath)) return [];
  return readdirSync(rootPath, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}
