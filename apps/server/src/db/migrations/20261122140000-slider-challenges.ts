import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A drawn slider puzzle: the gap's x stays here, never in the browser; spent by one verify.
  await sql`
    CREATE TABLE slider_challenges (
      id text PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      answer_x integer NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX slider_challenges_expires_idx ON slider_challenges (expires_at)`.execute(
    db,
  );
  // What a solved puzzle earns: one guarded call. Only the token's SHA-256 is kept.
  await sql`
    CREATE TABLE challenge_tokens (
      token_hash bytea PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX challenge_tokens_expires_idx ON challenge_tokens (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE challenge_tokens`.execute(db);
  await sql`DROP TABLE slider_challenges`.execute(db);
}
