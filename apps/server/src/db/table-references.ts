/**
 * Finds the tables a TypeScript source names in SQL: Kysely's builder calls
 * (`selectFrom('members as m')`, `insertInto`, `updateTable`, `deleteFrom`, joins) and raw SQL
 * in templates (`FROM`, `JOIN`, `UPDATE`, `INTO`, `TABLE` followed by a name). Comments are
 * dropped first, so prose that mentions a table is not a reference. Only names in `known` count.
 */
const BUILDER_CALL =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|with)\(\s*['"`]([a-z_][a-z0-9_]*)/g;
const BUILDER_LIST = /\.(?:selectFrom|deleteFrom|updateTable)\(\s*\[([^\]]*)\]/g;
const RAW_SQL = /\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\s+(?:ONLY\s+)?([a-z_][a-z0-9_]*)/g;
const QUOTED_NAME = /['"`]([a-z_][a-z0-9_]*)/g;

export function stripComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .split('\n')
    .map((line) => (line.trimStart().startsWith('//') ? '' : line))
    .join('\n');
}

export function tableReferences(source: string, known: ReadonlySet<string>): Set<string> {
  const code = stripComments(source);
  const found = new Set<string>();
  const add = (name: string | undefined) => {
    if (name && known.has(name)) found.add(name);
  };
  for (const match of code.matchAll(BUILDER_CALL)) add(match[1]);
  for (const match of code.matchAll(BUILDER_LIST)) {
    for (const quoted of (match[1] ?? '').matchAll(QUOTED_NAME)) add(quoted[1]);
  }
  for (const match of code.matchAll(RAW_SQL)) add(match[1]);
  return found;
}
