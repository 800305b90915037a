import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { BASE_MERCHANT_CODE } from './fixtures/base-merchant.js';

let memberCounter = 0;

/**
 * A member inserted by SQL (no password worth knowing), under `uplineId` when given: the
 * closure table's triggers see it as they see a registration. Answers its id.
 */
export async function insertTreeMember(
  db: Db,
  options: { uplineId?: bigint | null; type?: number; merchantCode?: string; prefix?: string } = {},
): Promise<bigint> {
  memberCounter += 1;
  const username = `${options.prefix ?? 'tree'}${Date.now().toString(36).slice(-4)}${memberCounter}`;
  const result = await sql<{ id: string }>`
    INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname, type,
      upline_member_id)
    VALUES (${options.merchantCode ?? BASE_MERCHANT_CODE}, ${username}, ${username.toLowerCase()},
      'x', ${username}, ${options.type ?? 0}, ${options.uplineId?.toString() ?? null}::bigint)
    RETURNING id
  `.execute(db);
  return BigInt(result.rows[0]?.id ?? '0');
}

/** The closure rows as they should be: every member's chain walked up `upline_member_id`. */
export async function closureFromUplines(db: Db): Promise<string[]> {
  const result = await sql<{ row: string }>`
    WITH RECURSIVE chain (member_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM members
      UNION ALL
      SELECT chain.member_id, parent.upline_member_id, chain.depth + 1
      FROM chain JOIN members parent ON parent.id = chain.ancestor_id
      WHERE parent.upline_member_id IS NOT NULL
    )
    SELECT member_id || ':' || ancestor_id || ':' || depth AS row FROM chain ORDER BY 1
  `.execute(db);
  return result.rows.map((row) => row.row);
}

/** The closure table's rows in the same form. */
export async function closureRows(db: Db): Promise<string[]> {
  const result = await sql<{ row: string }>`
    SELECT member_id || ':' || ancestor_id || ':' || depth AS row FROM member_tree ORDER BY 1
  `.execute(db);
  return result.rows.map((row) => row.row);
}
