import { CURSOR_PAGE_LIMIT_MAX, type CursorPage } from '@app/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import { AppError } from '../http/app-error.js';

/**
 * Keyset paging (issue 14): the next page is the rows after the last row shown, by a unique
 * ordered key, so a page costs one index range scan however deep it is, and rows inserted
 * between two pages neither repeat nor push rows past the reader (as offsets do).
 */

/** The SQL type of a key column: how its value is cast back from the cursor's text. */
export type KeysetKeyType = 'timestamptz' | 'bigint' | 'uuid';

export interface KeysetKey {
  /** The column as the query names it, e.g. `w.created_at`. */
  readonly ref: string;
  readonly type: KeysetKeyType;
}

/**
 * The order of a list: its key columns, most significant first, the last one unique (the id),
 * all in one direction so that the seek is one row comparison an index serves. `name` is
 * written into the cursor, so a cursor of one list is refused by another.
 */
export interface KeysetOrder {
  readonly name: string;
  readonly keys: readonly KeysetKey[];
  readonly direction: 'asc' | 'desc';
}

/** The most rows one keyset page holds: the contract's limit, also for server callers. */
export const KEYSET_PAGE_LIMIT_MAX = CURSOR_PAGE_LIMIT_MAX;

const keyPatterns: Record<KeysetKeyType, RegExp> = {
  // PostgreSQL's text output of timestamptz, microseconds and offset included.
  timestamptz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/,
  bigint: /^-?\d{1,19}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};

interface CursorPayload {
  /** The list's name (`KeysetOrder.name`). */
  l: string;
  /** The key values of the last row shown, as PostgreSQL writes them as text. */
  k: string[];
}

export function encodeCursor(order: KeysetOrder, values: readonly string[]): string {
  const payload: CursorPayload = { l: order.name, k: [...values] };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

function invalidCursor(): never {
  throw new AppError('PAGE_CURSOR_INVALID', { field: 'cursor' });
}

function parsePayload(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return invalidCursor();
  }
}

/** The key values a cursor carries, checked against the list's key; PAGE_CURSOR_INVALID if not. */
export function decodeCursor(order: KeysetOrder, cursor: string): string[] {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) invalidCursor();
  const payload = parsePayload(cursor) as Partial<CursorPayload> | null;
  const values = payload?.k;
  if (payload?.l !== order.name || !Array.isArray(values)) invalidCursor();
  if (values.length !== order.keys.length) invalidCursor();
  order.keys.forEach((key, index) => {
    const value = values[index];
    if (typeof value !== 'string' || !keyPatterns[key.type].test(value)) invalidCursor();
  });
  return values as string[];
}

function keyAlias(index: number): string {
  return `keyset_key_${index}`;
}

/** `(k1, k2) > ($1, $2)` (or `<`): the rows after the cursor's row in the list's order. */
function afterCursor(order: KeysetOrder, values: readonly string[]) {
  const columns = sql.join(order.keys.map((key) => sql.ref(key.ref)));
  const bound = sql.join(
    order.keys.map((key, index) => sql`cast(${values[index]} as ${sql.raw(key.type)})`),
  );
  return sql<boolean>`(${columns}) ${sql.raw(order.direction === 'asc' ? '>' : '<')} (${bound})`;
}

/**
 * One page of `query` in `order` after `page.cursor`: adds the seek, the order by and
 * `limit n+1` (the extra row says whether a next page exists, without counting). The query
 * brings its own filters; an index on (filters..., keys...) makes every page a range scan.
 */
export async function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: KeysetOrder,
  page: { cursor?: string | undefined; limit: number },
): Promise<CursorPage<O>> {
  const limit = Math.min(Math.max(1, Math.trunc(page.limit)), KEYSET_PAGE_LIMIT_MAX);
  let paged = query;
  if (page.cursor !== undefined)
    paged = paged.where(afterCursor(order, decodeCursor(order, page.cursor)));
  for (const key of order.keys) paged = paged.orderBy(sql.ref(key.ref), order.direction);
  const withKeys = paged.select(
    order.keys.map((key, index) => sql<string>`${sql.ref(key.ref)}::text`.as(keyAlias(index))),
  );
  const rows = (await withKeys.limit(limit + 1).execute()) as Array<O & Record<string, unknown>>;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor(
          order,
          order.keys.map((_, index) => String(last[keyAlias(index)])),
        )
      : null;
  return { items: items.map((row) => withoutKeys(row, order)), nextCursor };
}

function withoutKeys<O>(row: O & Record<string, unknown>, order: KeysetOrder): O {
  const copy: Record<string, unknown> = { ...row };
  for (let index = 0; index < order.keys.length; index += 1) delete copy[keyAlias(index)];
  return copy as O;
}
