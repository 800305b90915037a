import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE merchants (
      code text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9_-]{1,32}$'),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      currency char(3) NOT NULL,
      currency_symbol text NOT NULL,
      default_language text NOT NULL,
      supported_languages text[] NOT NULL CHECK (cardinality(supported_languages) >= 1),
      default_game_language text NOT NULL,
      domains text[] NOT NULL DEFAULT '{}',
      maintenance boolean NOT NULL DEFAULT false,
      white_label jsonb NOT NULL,
      register_settings jsonb NOT NULL,
      resources jsonb NOT NULL DEFAULT '[]',
      customer_service jsonb NOT NULL DEFAULT '[]',
      analytics_id text,
      image_cdns text[] NOT NULL DEFAULT '{}',
      game_launch_cdns text[] NOT NULL DEFAULT '{}',
      password_max_age_days integer CHECK (password_max_age_days > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (default_language = ANY (supported_languages))
    )
  `.execute(db);
  // Host names pick the merchant when a request carries no Merchant header.
  await sql`CREATE INDEX merchants_domains_idx ON merchants USING gin (domains)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE merchants`.execute(db);
}
