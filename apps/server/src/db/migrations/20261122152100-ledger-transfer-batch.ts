import { type Kysely, sql } from 'kysely';

/**
 * Many posted transfers in one round trip and one commit (the ledger batches concurrent bets):
 * every account of the batch is locked first, in id order, as single transfers lock their two,
 * so batches and single transfers never wait on each other in a cycle. Then each transfer in
 * turn: an id already used answers 'exists' (nothing moves); a member debit its available
 * balance does not cover answers 'insufficient' (checked on the locked row, then the update is
 * still conditional); accounts that are missing, the same or of another merchant, asset or
 * currency answer 'invalid'. One transfer's refusal never undoes another's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_post_transfer_batch(
      p_ids text[], p_debits bigint[], p_credits bigint[], p_amounts bigint[], p_codes text[],
      p_references text[]
    ) RETURNS TABLE (o_index integer, o_outcome text, o_created_at timestamptz, o_merchant_code text)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_i integer;
      v_debit record;
      v_credit record;
      v_created timestamptz;
      v_debit_after bigint;
      v_credit_after bigint;
    BEGIN
      PERFORM 1 FROM ledger_accounts WHERE id = ANY (p_debits || p_credits) ORDER BY id FOR UPDATE;
      FOR v_i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
        o_index := v_i;
        o_created_at := NULL;
        o_merchant_code := NULL;
        SELECT id, merchant_code, asset, currency, owner_kind, balance_minor - held_minor AS available
          INTO v_debit FROM ledger_accounts WHERE id = p_debits[v_i];
        SELECT id, merchant_code, asset, currency INTO v_credit
          FROM ledger_accounts WHERE id = p_credits[v_i];
        IF p_amounts[v_i] <= 0 OR p_debits[v_i] = p_credits[v_i] OR v_debit.id IS NULL
           OR v_credit.id IS NULL OR v_debit.merchant_code <> v_credit.merchant_code
           OR v_debit.asset <> v_credit.asset OR v_debit.currency <> v_credit.currency THEN
          o_outcome := 'invalid';
          RETURN NEXT;
          CONTINUE;
        END IF;
        o_merchant_code := v_debit.merchant_code;
        IF EXISTS (SELECT 1 FROM ledger_transfers WHERE id = p_ids[v_i]) THEN
          o_outcome := 'exists';
          RETURN NEXT;
          CONTINUE;
        END IF;
        IF v_debit.owner_kind = 'member' AND v_debit.available < p_amounts[v_i] THEN
          o_outcome := 'insufficient';
          RETURN NEXT;
          CONTINUE;
        END IF;
        INSERT INTO ledger_transfers (id, merchant_code, debit_account_id, credit_account_id,
            amount_minor, code, reference, kind, status, resolved_at)
          VALUES (p_ids[v_i], v_debit.merchant_code, p_debits[v_i], p_credits[v_i], p_amounts[v_i],
            p_codes[v_i], p_references[v_i], 'single', 'posted', now())
          ON CONFLICT (id) DO NOTHING
          RETURNING created_at INTO v_created;
        IF v_created IS NULL THEN
          o_outcome := 'exists';
          RETURN NEXT;
          CONTINUE;
        END IF;
        UPDATE ledger_accounts SET balance_minor = balance_minor - p_amounts[v_i]
          WHERE id = p_debits[v_i]
            AND (owner_kind <> 'member' OR balance_minor - held_minor - p_amounts[v_i] >= 0)
          RETURNING balance_minor INTO v_debit_after;
        IF v_debit_after IS NULL THEN
          -- Checked above on the locked row; reaching here is a bug: undo the whole batch.
          RAISE EXCEPTION USING ERRCODE = 'LDG01', MESSAGE = 'ledger: insufficient funds';
        END IF;
        UPDATE ledger_accounts SET balance_minor = balance_minor + p_amounts[v_i]
          WHERE id = p_credits[v_i]
          RETURNING balance_minor INTO v_credit_after;
        INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, balance_after_minor)
          VALUES (p_ids[v_i], p_debits[v_i], -p_amounts[v_i], v_debit_after),
                 (p_ids[v_i], p_credits[v_i], p_amounts[v_i], v_credit_after);
        o_outcome := 'posted';
        o_created_at := v_created;
        RETURN NEXT;
      END LOOP;
    END
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_post_transfer_batch(text[], bigint[], bigint[], bigint[], text[], text[])`.execute(
    db,
  );
}
