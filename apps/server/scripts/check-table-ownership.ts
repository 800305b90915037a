/**
 * `npm run tables:check`: fails when server code names in SQL a table that its module does not
 * own (ARCHITECTURE.md §4 rule 3; owners in `src/db/table-owners.ts`). Code outside the modules
 * (`db/`, `http/`, `jobs/`, `realtime/`, the composition root) counts as its own area; migrations
 * and tests are not read. `knownCrossings` lists today's exceptions, each to be removed by moving
 * the query behind the owner's service: a new crossing fails, and so does a listed one that no
 * longer happens (take it off the list), so the list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableOwners } from '../src/db/table-owners.js';
import { tableReferences } from '../src/db/table-references.js';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * `area:table`: a module (or area) that still names another's table. The two reconciliation
 * entries (`audit`, `payments` reading `ledger_transfers`) are read-only anti-joins that find
 * business breaks across the ledger; they belong in a reporting read model fed by the event
 * stream, which does not exist yet.
 */
const knownCrossings = new Set(['audit:ledger_transfers', 'payments:ledger_transfers']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'migrations' || entry.name === 'tables' ? [] : sourceFiles(full);
    }
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts');
    return isSource && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The module folder a file belongs to, or the top-level area (`db`, `http`, ..., `root`). */
function areaOf(file: string): string {
  const parts = path.relative(sourceRoot, file).split(path.sep);
  if (parts[0] === 'modules') return parts[1] ?? 'modules';
  return parts.length > 1 ? (parts[0] ?? 'root') : 'root';
}

const owners: Record<string, string> = tableOwners;
const known = new Set(Object.keys(owners));
const crossings = new Map<string, string[]>();
for (const file of sourceFiles(sourceRoot)) {
  const area = areaOf(file);
  for (const table of tableReferences(readFileSync(file, 'utf8'), known)) {
    if (owners[table] === area) continue;
    const key = `${area}:${table}`;
    crossings.set(key, [...(crossings.get(key) ?? []), path.relative(sourceRoot, file)]);
  }
}

const added = [...crossings.keys()].filter((key) => !knownCrossings.has(key)).sort();
const gone = [...knownCrossings].filter((key) => !crossings.has(key)).sort();
for (const key of added) {
  const [area, table] = key.split(':');
  console.error(
    `${area} names table ${table} (owned by ${owners[table ?? '']}) in ${crossings.get(key)?.join(', ')}: go through the owner's service`,
  );
}
for (const key of gone) console.error(`${key} no longer crosses: remove it from knownCrossings`);
if (added.length > 0 || gone.length > 0) process.exit(1);
console.log(
  `table ownership: ${known.size} tables, ${crossings.size} known crossings left to remove, no new ones`,
);
