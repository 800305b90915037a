import { type Kysely, sql } from 'kysely';

/**
 * Who an announcement is for (module `content`, issue 18): `all` (every visitor, as before) or
 * `agents` (only the agent centre's announcement page lists it; the player site's calls never
 * serve it). The agent page reads its newest first by key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE content_announcements ADD COLUMN audience text NOT NULL DEFAULT 'all'
      CHECK (audience IN ('all', 'agents'))
  `.execute(db);
  await sql`
    CREATE INDEX content_announcements_agents
      ON content_announcements (merchant_code, language, published_at DESC, id DESC)
      WHERE audience = 'agents'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX content_announcements_agents`.execute(db);
  await sql`ALTER TABLE content_announcements DROP COLUMN audience`.execute(db);
}
