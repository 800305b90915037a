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
  // The max-bet rule on the one-statement instant round (module builtin-games): the round's
  // function is renamed and wrapped by one that refuses a stake above the member's limit
  // (SQLSTATE BGI03, the limit in DETAIL) before anything is locked or written. The batch
  // function calls the wrapper by name, so both paths check; the cost is one probe of the
  // partial index bonuses_wagering_idx, empty for members without an open bonus.
  await sql`
    ALTER FUNCTION builtin_play_instant_round(text, bigint, text, text, text, jsonb, text, bigint, integer, bigint, bigint, boolean, bigint, jsonb, jsonb, timestamptz, text, bigint, text, text, jsonb, boolean, bigint, bigint, text, text)
      RENAME TO builtin_play_instant_round_unchecked
  `.execute(db);
  await sql`
    CREATE FUNCTION builtin_play_instant_round(
      p_merchant_code text, p_member_id bigint, p_game_code text, p_session_token_hash text,
      p_client_round_id text, p_params jsonb, p_params_fingerprint text, p_pair_id bigint,
      p_nonce integer, p_stake_minor bigint, p_payout_minor bigint, p_payout_capped boolean,
      p_max_payout_minor bigint, p_outcome jsonb, p_view jsonb, p_settled_at timestamptz,
      p_vassalage text, p_node_id bigint, p_game_type text, p_currency text,
      p_record_detail jsonb, p_detail_needs_id boolean, p_member_account_id bigint, p_house_account_id bigint,
      p_bet_code text, p_win_code text
    ) RETURNS TABLE (
      o_status text, o_round_id bigint, o_created_at timestamptz, o_balance_minor bigint,
      o_pair_id bigint, o_server_seed text, o_server_seed_hash text, o_client_seed text,
      o_nonce integer
    ) LANGUAGE plpgsql AS $$
    DECLARE
      v_max_bet bigint;
    BEGIN
      v_max_bet := bonus_max_bet_minor(p_member_id, p_currency);
      IF v_max_bet IS NOT NULL AND p_stake_minor > v_max_bet THEN
        RAISE EXCEPTION USING ERRCODE = 'BGI03', MESSAGE = 'bonus: stake above the max bet',
          DETAIL = v_max_bet::text;
      END IF;
      RETURN QUERY SELECT * FROM builtin_play_instant_round_unchecked(p_merchant_code, p_member_id, p_game_code, p_session_token_hash, p_client_round_id, p_params, p_params_fingerprint, p_pair_id, p_nonce, p_stake_minor, p_payout_minor, p_payout_capped, p_max_payout_minor, p_outcome, p_view, p_settled_at, p_vassalage, p_node_id, p_game_type, p_currency, p_record_detail, p_detail_needs_id, p_member_account_id, p_house_account_id, p_bet_code, p_win_code);
    END
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION builtin_play_instant_round(text, bigint, text, text, text, jsonb, text, bigint, integer, bigint, bigint, boolean, bigint, jsonb, jsonb, timestamptz, text, bigint, text, text, jsonb, boolean, bigint, bigint, text, text)`.execute(
    db,
  );
  await sql`
    ALTER FUNCTION builtin_play_instant_round_unchecked(text, bigint, text, text, text, jsonb, text, bigint, integer, bigint, bigint, boolean, bigint, jsonb, jsonb, timestamptz, text, bigint, text, text, jsonb, boolean, bigint, bigint, text, text)
      RENAME TO builtin_play_instant_round
  `.execute(db);
  await sql`DROP FUNCTION bonus_max_bet_minor(bigint, text)`.execute(db);
  await sql`DROP TABLE bonus_settings`.execute(db);
  await sql`DROP TABLE bonuses`.execute(db);
}
