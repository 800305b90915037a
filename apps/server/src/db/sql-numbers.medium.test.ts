import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../test/fixtures/base-merchant.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { countAll, countAllOver, sumBigint } from './sql-numbers.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('numbers from PostgreSQL', () => {
  it('gives int8 columns as bigint, beyond the range of a JS number', async () => {
    const row = await database.db
      .selectNoFrom([
        sql<bigint>`9007199254740993::bigint`.as('big'),
        sql<bigint>`1::bigint`.as('id'),
      ])
      .executeTakeFirstOrThrow();
    expect(row.big).toBe(9007199254740993n);
    expect(typeof row.id).toBe('bigint');
  });

  it('gives an identity id and an amount of a table as bigint', async () => {
    const account = await database.db
      .insertInto('ledger_accounts')
      .values({
        merchant_code: BASE_MERCHANT_CODE,
        currency: 'USD',
        asset: 'cash',
        owner_kind: 'system',
        code: 'sql-numbers-test',
        balance_minor: 0n,
        held_minor: 0n,
      })
      .returning(['id', 'balance_minor'])
      .executeTakeFirstOrThrow();
    expect(typeof account.id).toBe('bigint');
    expect(account.balance_minor).toBe(0n);
  });

  it('gives counts as numbers and sums of int8 as bigint through the helpers', async () => {
    const row = await database.db
      .selectFrom('ledger_accounts')
      .select([
        countAll().as('count'),
        countAllOver().as('total'),
        sumBigint('balance_minor').as('sum'),
      ])
      .groupBy('merchant_code')
      .executeTakeFirstOrThrow();
    expect(typeof row.count).toBe('number');
    expect(typeof row.total).toBe('number');
    expect(typeof row.sum).toBe('bigint');
  });

  it('leaves a bare count as bigint and a numeric sum as a string (why the helpers exist)', async () => {
    const { rows } = await sql<{ n: unknown; s: unknown }>`
      SELECT count(*) AS n, sum(balance_minor) AS s FROM ledger_accounts
    `.execute(database.db);
    expect(typeof rows[0]?.n).toBe('bigint');
    expect(typeof rows[0]?.s).toBe('string');
  });

  it('keeps pg defaults (int8 as a string) for other pools of the process', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT 1::bigint AS one');
      expect(rows[0].one).toBe('1');
    } finally {
      await client.end();
    }
  });
});
