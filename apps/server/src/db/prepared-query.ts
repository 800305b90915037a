import { CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import { poolOf } from './database.js';

/**
 * A statement of a hot read (one asked thousands of times a second: balance, member info),
 * written in SQL once and prepared by name on each pooled connection: PostgreSQL parses and
 * plans it once per connection instead of once per request, and no query builder runs
 * (issue 23's profile). Names are unique per process; parameters are `$1`, `$2`, ...
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** At most this many named statements exist, so that each connection's cache stays small. */
export const PREPARED_STATEMENTS_MAX = 32;

const declared = new Map<string, string>();

export function preparedStatement(name: string, text: string): PreparedStatement {
  const known = declared.get(name);
  if (known !== undefined && known !== text)
    throw new Error(`prepared statement ${name} declared twice`);
  if (known === undefined && declared.size >= PREPARED_STATEMENTS_MAX) {
    throw new Error(`more than ${PREPARED_STATEMENTS_MAX} prepared statements`);
  }
  declared.set(name, text);
  return { name, text };
}

/**
 * Runs a prepared statement on the handle's pool; a handle made elsewhere (a transaction, a
 * test's own Kysely) runs the same text unprepared.
 */
export async function queryPrepared<Row>(
  db: Db,
  statement: PreparedStatement,
  values: readonly unknown[],
): Promise<Row[]> {
  const pool = poolOf(db);
  if (pool) {
    const result = await pool.query({
      name: statement.name,
      text: statement.text,
      values: [...values],
    });
    return result.rows as Row[];
  }
  const result = await db.executeQuery<Row>(CompiledQuery.raw(statement.text, [...values]));
  return [...result.rows];
}
