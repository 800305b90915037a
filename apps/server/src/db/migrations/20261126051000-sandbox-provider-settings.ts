import { type Kysely, sql } from 'kysely';

/**
 * The sandbox game provider's own configuration: the shared secret it signs its seamless-wallet
 * calls with, as an outside provider keeps it on its side. It used to read the platform's
 * `game_providers.api_secret`; an existing secret is copied so that signatures keep matching.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sandbox_provider_settings (
      vassalage text PRIMARY KEY CHECK (length(vassalage) <= 32),
      api_secret text NOT NULL CHECK (length(api_secret) BETWEEN 32 AND 256),
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    INSERT INTO sandbox_provider_settings (vassalage, api_secret)
    SELECT code, api_secret FROM game_providers
    WHERE code = 'SBX' AND api_secret IS NOT NULL AND length(api_secret) BETWEEN 32 AND 256
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sandbox_provider_settings`.execute(db);
}
