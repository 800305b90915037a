import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { BASE_MERCHANT_CODE } from './fixtures/base-merchant.js';

/** Members to own ledger accounts in tests, inserted directly (no password hashing). */
export async function insertMembers(db: Db, count: number, prefix: string): Promise<bigint[]> {
  const result = await sql<{ id: string }>`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname)
    SELECT ${BASE_MERCHANT_CODE}, ${prefix} || n, ${prefix} || n, 'not-a-hash', ${prefix} || n
    FROM generate_series(1, ${count}::int) AS n
    RETURNING id
  `.execute(db);
  return result.rows.map((row) => BigInt(row.id));
}

/** Tries to break the non-negative rule behind the service's back. */
export async function forceMemberBalance(db: Db, accountId: bigint, balanceMinor: bigint) {
  await sql`UPDATE ledger_accounts SET balance_minor = ${balanceMinor.toString()}::bigint WHERE id = ${accountId.toString()}`.execute(
    db,
  );
}
