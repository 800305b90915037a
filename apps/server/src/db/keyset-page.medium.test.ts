import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '../../test/empty-database.js';
import { AppError } from '../http/app-error.js';
import {
  encodeCursor,
  KEYSET_PAGE_LIMIT_MAX,
  type KeysetOrder,
  keysetPage,
} from './keyset-page.js';

interface ScratchDb {
  paging_rows: { id: string; created_at: Date; label: string };
}

const newestFirst: KeysetOrder = {
  name: 'test-rows',
  keys: [
    { ref: 'created_at', type: 'timestamptz' },
    { ref: 'id', type: 'bigint' },
  ],
  direction: 'desc',
};
const oldestFirst: KeysetOrder = { ...newestFirst, direction: 'asc' };

let database: EmptyTestDatabase;
let db: Kysely<ScratchDb>;

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  db = database.db as unknown as Kysely<ScratchDb>;
  await sql`
    CREATE TABLE paging_rows (
      id bigserial PRIMARY KEY, created_at timestamptz NOT NULL, label text NOT NULL)
  `.execute(db);
});
afterAll(async () => {
  await database?.drop();
});

async function insert(label: string, createdAt: string): Promise<void> {
  await sql`INSERT INTO paging_rows (created_at, label) VALUES (${createdAt}::timestamptz, ${label})`.execute(
    db,
  );
}

const rowsOf = (prefix: string) =>
  db.selectFrom('paging_rows').select(['id', 'label']).where('label', 'like', `${prefix}%`);

/** Every page in turn; `between` runs after each page (to write rows while paging). */
async function walk(
  prefix: string,
  order: KeysetOrder,
  limit: number,
  between: (pageIndex: number) => Promise<void> = async () => {},
): Promise<string[]> {
  const labels: string[] = [];
  let cursor: string | undefined;
  for (let pageIndex = 0; pageIndex < 100; pageIndex += 1) {
    const page = await keysetPage(rowsOf(prefix), order, { cursor, limit });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    labels.push(...page.items.map((row) => row.label));
    await between(pageIndex);
    if (page.nextCursor === null) return labels;
    cursor = page.nextCursor;
  }
  throw new Error('paging never ended');
}

describe('keysetPage', () => {
  it('keeps a stable order across pages when many rows share a timestamp to the microsecond', async () => {
    // Equal to the microsecond, and a few apart by microseconds within one millisecond: a
    // cursor cut to JavaScript's milliseconds would skip or repeat these.
    await Promise.all(
      Array.from({ length: 23 }, (_, index) =>
        insert(`tie-${index}`, '2026-01-01 00:00:00.123456+00'),
      ),
    );
    await insert('tie-micro-a', '2026-01-01 00:00:00.123457+00');
    await insert('tie-micro-b', '2026-01-01 00:00:00.123455+00');
    const expected = (
      await rowsOf('tie-').orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
    ).map((row) => row.label);
    const paged = await walk('tie-', newestFirst, 4);
    expect(paged).toEqual(expected);
    expect(new Set(paged).size).toBe(paged.length);
    expect(await walk('tie-', oldestFirst, 5)).toEqual([...expected].reverse());
  });

  it('shows every row that was there once, with no skips or repeats, while rows are inserted', async () => {
    for (let index = 0; index < 30; index += 1) {
      await insert(`live-${index}`, `2026-02-01 00:00:${String(index).padStart(2, '0')}+00`);
    }
    const before = new Set((await rowsOf('live-').execute()).map((row) => row.label));
    // After every page: one row newer than all, one older than all, one equal to the cursor's
    // timestamp; offsets would repeat or skip rows because of the ones inserted ahead.
    const paged = await walk('live-', newestFirst, 7, async (pageIndex) => {
      await insert(`live-new-${pageIndex}`, '2026-03-01 00:00:00+00');
      await insert(`live-old-${pageIndex}`, '2026-01-15 00:00:00+00');
      await insert(`live-tie-${pageIndex}`, '2026-02-01 00:00:15+00');
    });
    expect(new Set(paged).size).toBe(paged.length);
    for (const label of before) expect(paged).toContain(label);
    const order = paged.filter((label) => before.has(label));
    expect(order).toEqual([...order].sort((a, b) => Number(b.slice(5)) - Number(a.slice(5))));
  });

  it('refuses a bad cursor with PAGE_CURSOR_INVALID, whatever is wrong with it', async () => {
    const bad = [
      'not base64url!',
      Buffer.from('not json').toString('base64url'),
      encodeCursor({ ...newestFirst, name: 'another-list' }, ['2026-01-01 00:00:00+00', '1']),
      encodeCursor(newestFirst, ['2026-01-01 00:00:00+00']),
      encodeCursor(newestFirst, ["2026-01-01'); DROP TABLE paging_rows; --", '1']),
      encodeCursor(newestFirst, ['2026-01-01 00:00:00+00', '1 OR 1=1']),
      Buffer.from(JSON.stringify({ l: 'test-rows', k: [1, 2] })).toString('base64url'),
    ];
    for (const cursor of bad) {
      const attempt = keysetPage(rowsOf(''), newestFirst, { cursor, limit: 5 });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ errorCode: 'PAGE_CURSOR_INVALID' });
    }
  });

  it('answers at most its named maximum of rows, whatever limit it is given', async () => {
    await Promise.all(
      Array.from({ length: KEYSET_PAGE_LIMIT_MAX + 5 }, (_, index) =>
        insert(`many-${index}`, '2026-04-01 00:00:00+00'),
      ),
    );
    const page = await keysetPage(rowsOf('many-'), newestFirst, { limit: 10_000 });
    expect(page.items).toHaveLength(KEYSET_PAGE_LIMIT_MAX);
    expect(page.nextCursor).not.toBeNull();
  });
});
