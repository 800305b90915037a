import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Third-party phone identity (SPEC §3 firebaseIdToken): a merchant's provider settings, parsed
  // by zod when read. No row: the option is off.
  await sql`
    CREATE TABLE phone_identity_settings (
      merchant_code text PRIMARY KEY REFERENCES merchants (code),
      config jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  // A verified provider token is remembered until it expires so that it proves a number once.
  await sql`
    CREATE TABLE phone_identity_used_tokens (
      merchant_code text NOT NULL REFERENCES merchants (code),
      token_key bytea NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_code, token_key)
    )
  `.execute(db);
  await sql`CREATE INDEX phone_identity_used_tokens_expires_idx ON phone_identity_used_tokens (expires_at)`.execute(
    db,
  );
  // Social sign-in: the OpenID Connect providers a merchant offers (its socialSignIn switch
  // must be on as well).
  await sql`
    CREATE TABLE social_providers (
      merchant_code text NOT NULL REFERENCES merchants (code),
      provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
      config jsonb NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      PRIMARY KEY (merchant_code, provider)
    )
  `.execute(db);
  // A sign-in under way: only hashes of the state and of the browser's binding cookie are kept.
  await sql`
    CREATE TABLE social_sign_in_states (
      state_hash bytea PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      provider text NOT NULL,
      browser_hash bytea NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      redirect_uri text NOT NULL,
      return_to text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX social_sign_in_states_expires_idx ON social_sign_in_states (expires_at)`.execute(
    db,
  );
  // Which provider account is which member.
  await sql`
    CREATE TABLE member_identities (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      provider text NOT NULL,
      subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
      member_id bigint NOT NULL REFERENCES members (id),
      email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz,
      UNIQUE (merchant_code, provider, subject)
    )
  `.execute(db);
  await sql`CREATE INDEX member_identities_member_idx ON member_identities (member_id)`.execute(db);
  // The one-time code the callback hands the site; the session is made when it is traded.
  await sql`
    CREATE TABLE social_login_codes (
      code_hash bytea PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      browser_hash bytea NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX social_login_codes_expires_idx ON social_login_codes (expires_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE social_login_codes`.execute(db);
  await sql`DROP TABLE member_identities`.execute(db);
  await sql`DROP TABLE social_sign_in_states`.execute(db);
  await sql`DROP TABLE social_providers`.execute(db);
  await sql`DROP TABLE phone_identity_used_tokens`.execute(db);
  await sql`DROP TABLE phone_identity_settings`.execute(db);
}
