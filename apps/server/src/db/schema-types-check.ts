import type { Selectable } from 'kysely';
import type { schemaSnapshot } from './schema-snapshot.generated.js';
import type { Database } from './types.js';

/**
 * Compile-time check of the table types (`Database`) against the migrated schema's snapshot
 * (`schema-snapshot.generated.ts`, kept fresh by `schema-drift.medium.test.ts`): the same
 * tables, the same columns, and for each column a TypeScript type that PostgreSQL's answer fits,
 * null exactly where the column is nullable. `tsc` then names every drifted `table.column`.
 */
type Snapshot = typeof schemaSnapshot;

/** What node-postgres answers for each PostgreSQL type, with the project's parsers. */
interface PgAnswer {
  int8: bigint;
  numeric: string;
  int4: number;
  int2: number;
  float8: number;
  bool: boolean;
  text: string;
  bpchar: string;
  varchar: string;
  uuid: string;
  inet: string;
  timestamptz: Date;
  date: Date;
  bytea: Buffer;
  jsonb: unknown;
  _text: string[];
}

type Answer<PgType> = PgType extends keyof PgAnswer ? PgAnswer[PgType] : unknown;

type ColumnFits<Declared, PgType, Nullable> = [Exclude<Declared, null>] extends [
  Answer<PgType> & {},
]
  ? Nullable extends true
    ? null extends Declared
      ? true
      : false
    : null extends Declared
      ? false
      : true
  : unknown extends Answer<PgType>
    ? Nullable extends true
      ? null extends Declared
        ? true
        : false
      : true
    : false;

type CommonTables = keyof Database & keyof Snapshot;

type ColumnProblems = {
  [T in CommonTables]: {
    [C in keyof Snapshot[T] & keyof Selectable<Database[T]> & string]: ColumnFits<
      Selectable<Database[T]>[C],
      Snapshot[T][C] extends readonly [infer PgType, boolean] ? PgType : never,
      Snapshot[T][C] extends readonly [string, infer Nullable] ? Nullable : never
    > extends true
      ? never
      : `${T}.${C}: type or nullability differs from the schema`;
  }[keyof Snapshot[T] & keyof Selectable<Database[T]> & string];
}[CommonTables];

type MissingColumns = {
  [T in CommonTables]:
    | `${T}.${Exclude<keyof Snapshot[T], keyof Selectable<Database[T]>> & string}: in the schema, not in the types`
    | `${T}.${Exclude<keyof Selectable<Database[T]>, keyof Snapshot[T]> & string}: in the types, not in the schema`;
}[CommonTables];

type TableProblems =
  | `${Exclude<keyof Snapshot, keyof Database> & string}: table in the schema, not in Database`
  | `${Exclude<keyof Database, keyof Snapshot> & string}: table in Database, not in the schema`;

export type SchemaProblems = ColumnProblems | MissingColumns | TableProblems;

/** Fails to compile, naming the problems, when the types and the schema disagree. */
export const schemaProblems: Record<SchemaProblems, true> = {};
