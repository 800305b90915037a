import { type Kysely, sql } from 'kysely';

/**
 * Which announcements a member has opened: the header's unread count (CSP_unreadCount) is the
 * announcements without a row here. A deleted announcement takes its markers with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_announcement_reads (
      member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
      announcement_id bigint NOT NULL REFERENCES content_announcements (id) ON DELETE CASCADE,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, announcement_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_announcement_reads`.execute(db);
}
