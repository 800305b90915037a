import { type Kysely, sql } from 'kysely';

/** Site content per merchant and language: banners, announcements, help articles; feedback. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE content_banners (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      language text NOT NULL,
      group_name text NOT NULL,
      title text NOT NULL,
      image_url text NOT NULL,
      linkage_type text CHECK (linkage_type IN ('url', 'external')),
      link text,
      sort integer NOT NULL DEFAULT 0,
      active_from timestamptz,
      active_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((linkage_type IS NULL) = (link IS NULL))
    )
  `.execute(db);
  await sql`CREATE INDEX content_banners_group_idx ON content_banners (merchant_code, language, group_name, sort)`.execute(
    db,
  );
  // HTML columns hold sanitized HTML only (the service sanitizes before every write).
  await sql`
    CREATE TABLE content_announcements (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      language text NOT NULL,
      type text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
      title text NOT NULL,
      content_html text NOT NULL,
      popup boolean NOT NULL DEFAULT false,
      published_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX content_announcements_list_idx ON content_announcements (merchant_code, language, published_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE content_help_articles (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      language text NOT NULL,
      tag text NOT NULL CHECK (tag ~ '^[a-z0-9-]{1,40}$'),
      title text NOT NULL,
      content_html text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, language, tag)
    )
  `.execute(db);
  await sql`
    CREATE TABLE member_feedback (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      content text NOT NULL CHECK (length(content) <= 1000),
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX member_feedback_member_idx ON member_feedback (member_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_feedback`.execute(db);
  await sql`DROP TABLE content_help_articles`.execute(db);
  await sql`DROP TABLE content_announcements`.execute(db);
  await sql`DROP TABLE content_banners`.execute(db);
}
