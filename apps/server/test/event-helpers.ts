import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

/** The stored events of a type for a member (oldest first), as tests read the outbox. */
export async function eventsOf(
  db: Db,
  type: string,
  memberId: bigint | string,
): Promise<{ merchantCode: string; payload: Record<string, unknown> }[]> {
  const result = await sql<{ merchant_code: string; payload: Record<string, unknown> }>`
    SELECT merchant_code, payload FROM events
    WHERE type = ${type} AND member_id = ${memberId.toString()}::bigint ORDER BY id
  `.execute(db);
  return result.rows.map((row) => ({ merchantCode: row.merchant_code, payload: row.payload }));
}
