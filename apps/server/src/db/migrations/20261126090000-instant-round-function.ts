import { type Kysely, sql } from 'kysely';

/**
 * An instant built-in round in one database round trip (issue 15, docs/games-builtin.md "One
 * statement per instant round"). Four functions, each owned by the module whose tables it names,
 * so that every module's SQL still names only its own tables:
 *
 * - `events_append` (module `events`): one event row.
 * - `ledger_available_minor` (module `ledger`): a member account's available balance.
 * - `game_round_record_settled` (module `providers`): a betting-record row already settled and
 *   its `round.settled` event, in the caller's transaction (what `openWithin` then `closeWithin`
 *   did in four statements).
 * - `builtin_play_instant_round` (module `builtin-games`): the round itself. It locks the
 *   member's active seed pair; answers 'exists' when the client round id was played; answers
 *   'stale' with the pair when the caller decided the outcome from another pair or nonce (the
 *   outcome is computed in Node from a remembered pair, the database only checks it); else it
 *   advances the nonce, stores the round, writes the record and event through the providers'
 *   function and moves the stake and the win through the ledger's batch function. A refusal by
 *   the ledger raises, so the single statement, and all of the round with it, rolls back.
 *
 * - `builtin_play_instant_rounds` (module `builtin-games`): many rounds of concurrent requests
 *   in one statement and one commit, each in its own subtransaction (a refused round leaves
 *   the others); every pair and then every ledger account of the batch is locked first, each
 *   kind in id order (`ledger_lock_accounts`, module `ledger`), so batches never deadlock.
 *
 * The formats of the ids made here (`builtin:<id>:bet`, `builtin:<id>:win`, reference
 * `<vassalage>:<id>`, round ref `<id>`) are those of `round-money.ts`; a medium test checks them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION events_append(
      p_type text, p_merchant_code text, p_member_id bigint, p_payload jsonb
    ) RETURNS void LANGUAGE sql AS $$
      INSERT INTO events (type, merchant_code, member_id, payload)
      VALUES (p_type, p_merchant_code, p_member_id, p_payload)
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION ledger_available_minor(p_account_id bigint) RETURNS bigint
    LANGUAGE sql AS $$
      SELECT balance_minor - held_minor FROM ledger_accounts WHERE id = p_account_id
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION game_round_record_settled(
      p_merchant_code text, p_member_id bigint, p_vassalage text, p_node_id bigint,
      p_game_type text, p_round_ref text, p_currency text, p_stake_minor bigint,
      p_win_minor bigint, p_detail jsonb, p_game_code text
    ) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      v_settled_at timestamptz;
    BEGIN
      INSERT INTO game_rounds (merchant_code, member_id, vassalage, node_id, game_type,
          round_ref, currency, stake_minor, win_minor, detail, status, settled_at)
        VALUES (p_merchant_code, p_member_id, p_vassalage, p_node_id, p_game_type, p_round_ref,
          p_currency, p_stake_minor, p_win_minor, p_detail, 'settled', now())
        ON CONFLICT (vassalage, round_ref) DO NOTHING
        RETURNING settled_at INTO v_settled_at;
      -- A round already recorded emits nothing: each round announces itself once.
      IF v_settled_at IS NULL THEN
        RETURN;
      END IF;
      PERFORM events_append('round.settled', p_merchant_code, p_member_id, jsonb_build_object(
        'memberId', p_member_id::text,
        'merchantCode', p_merchant_code,
        'vassalage', p_vassalage,
        'gameCode', p_game_code,
        'gameCategory', p_game_type,
        'roundRef', p_round_ref,
        'currency', p_currency,
        'stakeMinor', p_stake_minor::text,
        'validBetMinor', p_stake_minor::text,
        'winMinor', p_win_minor::text,
        'settledAt', to_char(v_settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ));
    END
    $$
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
      v_pair record;
      v_id bigint;
      v_ref text;
      v_ids text[];
      v_debits bigint[];
      v_credits bigint[];
      v_amounts bigint[];
      v_codes text[];
      v_outcome record;
    BEGIN
      SELECT id, server_seed, server_seed_hash, client_seed, nonce INTO v_pair
        FROM builtin_seed_pairs WHERE member_id = p_member_id AND state = 'active' FOR UPDATE;
      IF v_pair.id IS NULL THEN
        o_status := 'no-pair';
        RETURN NEXT;
        RETURN;
      END IF;
      -- Read after the lock: a twin that held it has committed, and this statement sees it.
      SELECT id INTO v_id FROM builtin_rounds
        WHERE member_id = p_member_id AND client_round_id = p_client_round_id;
      IF v_id IS NOT NULL THEN
        o_status := 'exists';
        o_round_id := v_id;
        RETURN NEXT;
        RETURN;
      END IF;
      IF p_pair_id IS DISTINCT FROM v_pair.id OR p_nonce IS DISTINCT FROM v_pair.nonce THEN
        o_status := 'stale';
        o_pair_id := v_pair.id;
        o_server_seed := v_pair.server_seed;
        o_server_seed_hash := v_pair.server_seed_hash;
        o_client_seed := v_pair.client_seed;
        o_nonce := v_pair.nonce;
        RETURN NEXT;
        RETURN;
      END IF;
      UPDATE builtin_seed_pairs SET nonce = nonce + 1 WHERE id = v_pair.id;
      INSERT INTO builtin_rounds (merchant_code, member_id, game_code, session_token_hash,
          client_round_id, kind, status, params, params_fingerprint, seed_pair_id, nonce,
          stake_minor, payout_minor, payout_capped, max_payout_minor, outcome, view, state,
          settled_at, paid_through)
        VALUES (p_merchant_code, p_member_id, p_game_code, p_session_token_hash,
          p_client_round_id, 'instant', 'settled', p_params, p_params_fingerprint, v_pair.id,
          v_pair.nonce, p_stake_minor, p_payout_minor, p_payout_capped, p_max_payout_minor,
          p_outcome, p_view, NULL, p_settled_at, 'ledger')
        RETURNING id, created_at INTO v_id, o_created_at;
      v_ref := p_vassalage || ':' || v_id;
      PERFORM game_round_record_settled(p_merchant_code, p_member_id, p_vassalage, p_node_id,
        p_game_type, v_id::text, p_currency, p_stake_minor, p_payout_minor,
        CASE WHEN p_detail_needs_id
          THEN p_record_detail || jsonb_build_object('builtinRoundId', v_id::text)
          ELSE p_record_detail END,
        NULL);
      -- The stake first: a balance that cannot cover it refuses the round before a win counts.
      v_ids := ARRAY['builtin:' || v_id || ':bet'];
      v_debits := ARRAY[p_member_account_id];
      v_credits := ARRAY[p_house_account_id];
      v_amounts := ARRAY[p_stake_minor];
      v_codes := ARRAY[p_bet_code];
      IF p_payout_minor > 0 THEN
        v_ids := v_ids || ('builtin:' || v_id || ':win');
        v_debits := v_debits || p_house_account_id;
        v_credits := v_credits || p_member_account_id;
        v_amounts := v_amounts || p_payout_minor;
        v_codes := v_codes || p_win_code;
      END IF;
      FOR v_outcome IN
        SELECT * FROM ledger_post_transfer_batch(v_ids, v_debits, v_credits, v_amounts, v_codes,
          array_fill(v_ref, ARRAY[array_length(v_ids, 1)]))
      LOOP
        IF v_outcome.o_outcome = 'insufficient' THEN
          RAISE EXCEPTION USING ERRCODE = 'BGI01', MESSAGE = 'builtin: insufficient funds';
        ELSIF v_outcome.o_outcome <> 'posted' THEN
          RAISE EXCEPTION USING ERRCODE = 'BGI02',
            MESSAGE = 'builtin: ledger transfer ' || v_ids[v_outcome.o_index] || ' ' || v_outcome.o_outcome;
        END IF;
      END LOOP;
      o_status := 'created';
      o_round_id := v_id;
      o_balance_minor := ledger_available_minor(p_member_account_id);
      RETURN NEXT;
    END
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION ledger_lock_accounts(p_account_ids bigint[]) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM ledger_accounts WHERE id = ANY (p_account_ids) ORDER BY id FOR UPDATE;
    END
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION builtin_play_instant_rounds(p_rounds jsonb) RETURNS TABLE (
      o_index integer, o_status text, o_round_id bigint, o_created_at timestamptz,
      o_balance_minor bigint, o_pair_id bigint, o_server_seed text, o_server_seed_hash text,
      o_client_seed text, o_nonce integer
    ) LANGUAGE plpgsql AS $$
    DECLARE
      v_i integer;
      v_e jsonb;
      v_one record;
    BEGIN
      -- Every pair of the batch, then every account, locked first, each kind in id order (as a
      -- single round locks its pair, then the ledger its accounts): batches never deadlock.
      PERFORM 1 FROM builtin_seed_pairs
        WHERE state = 'active' AND member_id IN (
          SELECT (e ->> 'memberId')::bigint FROM jsonb_array_elements(p_rounds) e)
        ORDER BY id FOR UPDATE;
      PERFORM ledger_lock_accounts(ARRAY(
        SELECT (e ->> 'memberAccountId')::bigint FROM jsonb_array_elements(p_rounds) e
        UNION SELECT (e ->> 'houseAccountId')::bigint FROM jsonb_array_elements(p_rounds) e));
      FOR v_i IN 0 .. jsonb_array_length(p_rounds) - 1 LOOP
        v_e := p_rounds -> v_i;
        o_index := v_i;
        o_round_id := NULL; o_created_at := NULL; o_balance_minor := NULL; o_pair_id := NULL;
        o_server_seed := NULL; o_server_seed_hash := NULL; o_client_seed := NULL; o_nonce := NULL;
        -- Each round in its own subtransaction: one that is refused leaves the others.
        BEGIN
          SELECT * INTO v_one FROM builtin_play_instant_round(
            v_e ->> 'merchantCode', (v_e ->> 'memberId')::bigint, v_e ->> 'gameCode',
            v_e ->> 'sessionTokenHash', v_e ->> 'clientRoundId', v_e -> 'params',
            v_e ->> 'paramsFingerprint', (v_e ->> 'pairId')::bigint, (v_e ->> 'nonce')::integer,
            (v_e ->> 'stakeMinor')::bigint, (v_e ->> 'payoutMinor')::bigint,
            (v_e ->> 'payoutCapped')::boolean, (v_e ->> 'maxPayoutMinor')::bigint,
            v_e -> 'outcome', v_e -> 'view',
            (v_e ->> 'settledAt')::timestamptz, v_e ->> 'vassalage', (v_e ->> 'nodeId')::bigint,
            v_e ->> 'gameType', v_e ->> 'currency', v_e -> 'recordDetail',
            (v_e ->> 'detailNeedsRoundId')::boolean, (v_e ->> 'memberAccountId')::bigint,
            (v_e ->> 'houseAccountId')::bigint, v_e ->> 'betCode', v_e ->> 'winCode');
          o_status := v_one.o_status;
          o_round_id := v_one.o_round_id;
          o_created_at := v_one.o_created_at;
          o_balance_minor := v_one.o_balance_minor;
          o_pair_id := v_one.o_pair_id;
          o_server_seed := v_one.o_server_seed;
          o_server_seed_hash := v_one.o_server_seed_hash;
          o_client_seed := v_one.o_client_seed;
          o_nonce := v_one.o_nonce;
        EXCEPTION
          WHEN SQLSTATE 'BGI01' THEN
            o_status := 'insufficient';
          WHEN OTHERS THEN
            -- The caller plays this round again on its own, where the error reaches it.
            o_status := 'error';
        END;
        RETURN NEXT;
      END LOOP;
    END
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION builtin_play_instant_rounds`.execute(db);
  await sql`DROP FUNCTION builtin_play_instant_round`.execute(db);
  await sql`DROP FUNCTION ledger_lock_accounts`.execute(db);
  await sql`DROP FUNCTION game_round_record_settled`.execute(db);
  await sql`DROP FUNCTION ledger_available_minor`.execute(db);
  await sql`DROP FUNCTION events_append`.execute(db);
}
