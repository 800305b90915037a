import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Remember me without the password: only the SHA-256 of a 256-bit token is kept. Each use
  // spends the row and adds the next one of the same family; a spent row shown again revokes
  // the family (the cookie was copied).
  await sql`
    CREATE TABLE remember_tokens (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      family_id text NOT NULL,
      token_hash bytea NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX remember_tokens_member_idx ON remember_tokens (member_id)`.execute(db);
  await sql`CREATE INDEX remember_tokens_family_idx ON remember_tokens (family_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE remember_tokens`.execute(db);
}
