import { type Kysely, sql } from 'kysely';

/**
 * Free spins (module `free-spins`, issues 19 and 20): grants of N spins at a fixed bet on a
 * built-in slot, and one row per spin played (the spin's round, its win and the bonus it
 * granted). The stake of a free spin is paid by the merchant's `free-spins` system account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE free_spin_grants (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      currency text NOT NULL CHECK (length(currency) = 3),
      game_code text NOT NULL CHECK (length(game_code) BETWEEN 1 AND 60),
      bet_per_line_minor bigint NOT NULL CHECK (bet_per_line_minor > 0),
      spins_total integer NOT NULL CHECK (spins_total BETWEEN 1 AND 50000),
      spins_used integer NOT NULL DEFAULT 0,
      won_minor bigint NOT NULL DEFAULT 0 CHECK (won_minor >= 0),
      wagering_multiple integer NOT NULL CHECK (wagering_multiple BETWEEN 0 AND 100),
      expires_at timestamptz NOT NULL,
      source_kind text NOT NULL CHECK (source_kind IN ('points', 'promotion', 'operator')),
      source_ref text NOT NULL CHECK (length(source_ref) BETWEEN 1 AND 200),
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (spins_used BETWEEN 0 AND spins_total),
      UNIQUE (merchant_code, idempotency_key)
    )
  `.execute(db);
  await sql`
    CREATE INDEX free_spin_grants_open_idx ON free_spin_grants (member_id, game_code, expires_at)
      WHERE spins_used < spins_total
  `.execute(db);
  await sql`
    CREATE TABLE free_spin_plays (
      grant_id bigint NOT NULL REFERENCES free_spin_grants (id),
      spin_no integer NOT NULL CHECK (spin_no >= 1),
      client_round_id text NOT NULL,
      round_id bigint NOT NULL,
      stake_minor bigint NOT NULL,
      payout_minor bigint NOT NULL CHECK (payout_minor >= 0),
      bonus_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (grant_id, spin_no),
      UNIQUE (grant_id, client_round_id)
    )
  `.execute(db);
  // The bonus engine's max-bet wrapper of the instant round (migration 140000) would refuse a
  // free spin whose fixed bet is above an open bonus's max bet: the member does not stake it,
  // so the rule does not apply. Free spins carry their own bet code, which the wrapper skips.
  await sql`
    CREATE OR REPLACE FUNCTION builtin_play_instant_round(
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
      IF p_bet_code <> 'free-spin.bet' THEN
        v_max_bet := bonus_max_bet_minor(p_member_id, p_currency);
        IF v_max_bet IS NOT NULL AND p_stake_minor > v_max_bet THEN
          RAISE EXCEPTION USING ERRCODE = 'BGI03', MESSAGE = 'bonus: stake above the max bet',
            DETAIL = v_max_bet::text;
        END IF;
      END IF;
      RETURN QUERY SELECT * FROM builtin_play_instant_round_unchecked(p_merchant_code, p_member_id, p_game_code, p_session_token_hash, p_client_round_id, p_params, p_params_fingerprint, p_pair_id, p_nonce, p_stake_minor, p_payout_minor, p_payout_capped, p_max_payout_minor, p_outcome, p_view, p_settled_at, p_vassalage, p_node_id, p_game_type, p_currency, p_record_detail, p_detail_needs_id, p_member_account_id, p_house_account_id, p_bet_code, p_win_code);
    END
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE free_spin_plays`.execute(db);
  await sql`DROP TABLE free_spin_grants`.execute(db);
  // The wrapper stays: without free-spin rounds its skip never applies.
}
