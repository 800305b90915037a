import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * The one place that decides how counts and sums reach TypeScript. The pool parses int8 as
 * `bigint` (see `database.ts`), and `count(*)` answers int8, so a bare count would be a `bigint`;
 * `sum()` of an int8 answers numeric, which pg leaves a string. These helpers cast in SQL so the
 * type written here is the type that arrives:
 *
 * - counts are JS numbers (cast to int4): row counts feed page totals and rate limits, and stay
 *   far below int4's 2,147,483,647; PostgreSQL refuses a larger count rather than wrap it.
 * - sums of amounts in minor units are `bigint` (cast back to int8): PostgreSQL refuses a sum
 *   beyond int8 rather than round it.
 */

/** `count(*)`, as a number. */
export function countAll(): RawBuilder<number> {
  return sql<number>`count(*)::int`;
}

/** `count(*)` of the rows that meet a condition, as a number. */
export function countWhere(condition: Expression<unknown>): RawBuilder<number> {
  return sql<number>`(count(*) FILTER (WHERE ${condition}))::int`;
}

/** `count(column)`: the rows where the column is not null, as a number. */
export function countOf(column: string): RawBuilder<number> {
  return sql<number>`count(${sql.ref(column)})::int`;
}

/** `count(*) over ()`: every row of the result carries the total before LIMIT, as a number. */
export function countAllOver(): RawBuilder<number> {
  return sql<number>`(count(*) over ())::int`;
}

/** `sum()` of an int8 column as a `bigint`, 0 when no row matches. */
export function sumBigint(column: string): RawBuilder<bigint> {
  return sql<bigint>`coalesce(sum(${sql.ref(column)}), 0)::bigint`;
}
