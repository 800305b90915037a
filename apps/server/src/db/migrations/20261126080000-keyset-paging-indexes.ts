import { type Kysely, sql } from 'kysely';

/**
 * Indexes whose columns end with each paged list's whole key (issue 14), so that a page is one
 * index range scan from the cursor (keyset) or from the start (the player's offset pages):
 * - the operator's withdrawal and manual-deposit queues page by (created_at, id) within a
 *   merchant and status; the old indexes ended at created_at and left ties to a sort;
 * - the betting records find a deep page's ids by an index-only scan of the member's rounds,
 *   so the index carries the columns their filters test (INCLUDE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX withdrawals_status_idx`.execute(db);
  await sql`
    CREATE INDEX withdrawals_status_idx ON withdrawals (merchant_code, status, created_at, id)
  `.execute(db);
  await sql`DROP INDEX deposits_status_idx`.execute(db);
  await sql`
    CREATE INDEX deposits_status_idx ON deposits (merchant_code, status, created_at, id)
  `.execute(db);
  await sql`DROP INDEX game_rounds_member_idx`.execute(db);
  await sql`
    CREATE INDEX game_rounds_member_idx ON game_rounds (member_id, started_at DESC, id DESC)
      INCLUDE (merchant_code, game_type, vassalage, status)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX game_rounds_member_idx`.execute(db);
  await sql`
    CREATE INDEX game_rounds_member_idx ON game_rounds (member_id, started_at DESC, id DESC)
  `.execute(db);
  await sql`DROP INDEX deposits_status_idx`.execute(db);
  await sql`CREATE INDEX deposits_status_idx ON deposits (merchant_code, status, created_at)`.execute(
    db,
  );
  await sql`DROP INDEX withdrawals_status_idx`.execute(db);
  await sql`
    CREATE INDEX withdrawals_status_idx ON withdrawals (merchant_code, status, created_at)
  `.execute(db);
}
