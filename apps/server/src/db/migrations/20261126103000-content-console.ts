import { type Kysely, sql } from 'kysely';

/**
 * The console's Content pages: banners, announcements and help articles can be switched off,
 * announcements end at a time, every row keeps when it last changed, and uploaded banner images
 * are stored (re-encoded, at most 1 MB) and served by the server under `/content/images/<id>`.
 * The `(merchant_code, id)` indexes serve the operator lists, which page by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['content_banners', 'content_announcements', 'content_help_articles']) {
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN enabled boolean NOT NULL DEFAULT true,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()
    `.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_operator_idx`)} ON ${sql.table(table)} (merchant_code, id DESC)`.execute(
      db,
    );
  }
  await sql`ALTER TABLE content_announcements ADD COLUMN ends_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE content_images (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      kind text NOT NULL CHECK (kind IN ('png', 'jpeg', 'webp')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      bytes bytea NOT NULL,
      created_by bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE content_images`.execute(db);
  await sql`ALTER TABLE content_announcements DROP COLUMN ends_at`.execute(db);
  for (const table of ['content_banners', 'content_announcements', 'content_help_articles']) {
    await sql`DROP INDEX ${sql.id(`${table}_operator_idx`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN enabled, DROP COLUMN updated_at`.execute(
      db,
    );
  }
}
