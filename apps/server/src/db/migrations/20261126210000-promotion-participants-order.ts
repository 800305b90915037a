import { type Kysely, sql } from 'kysely';

/**
 * A promotion's participants list for operators (issue 19): keyset paging on the
 * participation id within one promotion, newest first, so a page is one index range scan even
 * for a welcome promotion that every new player joins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX promotion_participations_promotion_order_idx
      ON promotion_participations (promotion_id, id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX promotion_participations_promotion_order_idx`.execute(db);
}
