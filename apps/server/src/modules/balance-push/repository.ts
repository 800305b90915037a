import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * NOTIFYs inside the consumer's transaction: PostgreSQL sends them when the batch (and its
 * checkpoint) commits and drops them when it rolls back, so a retried batch does not push twice.
 */
export async function notifyWithin(
  trx: Db,
  channel: string,
  payloads: readonly string[],
): Promise<void> {
  if (payloads.length === 0) return;
  await sql`SELECT pg_notify(${channel}, p) FROM unnest(${[...payloads]}::text[]) AS p`.execute(
    trx,
  );
}
