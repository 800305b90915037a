import { type Kysely, sql } from 'kysely';

/**
 * The bonus engine (module `bonus`, docs/bonus-engine.md): one row per bonus granted to a
 * member, with its wagering requirement and progress, and the merchant's default game-category
 * weights. The money itself is the member's ledger account of wallet `bonus`; these rows say
 * what it owes before it may become cash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bonuses (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      currency text NOT NULL CHECK (length(currency) = 3),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      requirement_minor bigint NOT NULL CHECK (requirement_minor >= 0),
      progress_minor bigint NOT NULL DEFAULT 0 CHECK (progress_minor >= 0),
      max_bet_minor bigint CHECK (max_bet_minor > 0),
      category_weights jsonb NOT NULL,
      source_kind text NOT NULL
        CHECK (source_kind IN ('promotion', 'mission', 'points', 'operator')),
      source_ref text NOT NULL CHECK (length(source_ref) BETWEEN 1 AND 200),
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      status text NOT NULL DEFAULT 'wagering'
        CHECK (status IN ('wagering', 'converted', 'expired', 'forfeited')),
      granted_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      closed_at timestamptz,
      CHECK ((status = 'wagering') = (closed_at IS NULL)),
      UNIQUE (merchant_code, idempotency_key)
    )
  `.execute(db);
  await sql`CREATE INDEX bonuses_member_idx ON bonuses (member_id, id)`.execute(db);
  // The bet path's max-bet check and the wagering consumer read only open bonuses.
  await sql`
    CREATE INDEX bonuses_wagering_idx ON bonuses (member_id, currency) WHERE status = 'wagering'
  `.execute(db);
  await sql`
    CREATE INDEX bonuses_expiry_idx ON bonuses (expires_at) WHERE status = 'wagering'
  `.execute(db);
  await sql`CREATE INDEX bonuses_merchant_idx ON bonuses (merchant_code, id)`.execute(db);
  await sql`
    CREATE TABLE bonus_settings (
      merchant_code text PRIMARY KEY REFERENCES merchants (code),
      category_weights jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  // The largest stake a member may place while wagering (the smallest limit of the member's
  // open bonuses in that currency), or NULL: owned by this module, for the one-statement
  // instant round and any other SQL bet path (docs/games-builtin.md, "One statement").
  await sql`
    CREATE FUNCTION bonus_max_bet_minor(p_member_id bigint, p_currency text)
    RETURNS bigint LANGUAGE sql STABLE AS $$
      SELECT min(max_bet_minor) FROM bonuses
       WHERE member_id = p_member_id AND currency = p_currency AND status = 'wagering'
         AND expires_at > now()
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION bonus_max_bet_minor(bigint, text)`.execute(db);
  await sql`DROP TABLE bonus_settings`.execute(db);
  await sql`DROP TABLE bonuses`.execute(db);
}
