import { type Kysely, sql } from 'kysely';

/**
 * One posted transfer in one round trip, the hot path of every bet and win: insert the transfer
 * (its id is the idempotency key), move both balances in account-id order (a member account
 * only while its available balance covers the move) and write both entries with the balances
 * after. Any failure raises, so the statement, and everything it did, is undone.
 *   LDG01: the member's available balance does not cover the debit.
 *   LDG02: the accounts are missing, the same, or differ in merchant, asset or currency.
 * Answers the transfer's created_at and merchant, or a NULL created_at when the id already
 * existed (nothing moved).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_post_single_transfer(
      p_id text, p_debit bigint, p_credit bigint, p_amount bigint, p_code text, p_reference text,
      OUT o_created_at timestamptz, OUT o_merchant_code text
    ) LANGUAGE plpgsql AS $$
    DECLARE
      v_first bigint := least(p_debit, p_credit);
      v_second bigint := greatest(p_debit, p_credit);
      v_merchant text;
      v_kinds integer;
      v_accounts integer;
      v_created timestamptz;
      v_first_after bigint;
      v_second_after bigint;
    BEGIN
      IF p_amount <= 0 OR p_debit = p_credit THEN
        RAISE EXCEPTION USING ERRCODE = 'LDG02', MESSAGE = 'ledger: invalid transfer';
      END IF;
      SELECT min(merchant_code), count(DISTINCT (merchant_code, asset, currency)), count(*)
        INTO v_merchant, v_kinds, v_accounts
        FROM ledger_accounts WHERE id IN (p_debit, p_credit);
      IF v_accounts <> 2 OR v_kinds <> 1 THEN
        RAISE EXCEPTION USING ERRCODE = 'LDG02', MESSAGE = 'ledger: accounts do not match';
      END IF;

      INSERT INTO ledger_transfers (id, merchant_code, debit_account_id, credit_account_id,
          amount_minor, code, reference, kind, status, resolved_at)
        VALUES (p_id, v_merchant, p_debit, p_credit, p_amount, p_code, p_reference,
          'single', 'posted', now())
        ON CONFLICT (id) DO NOTHING
        RETURNING created_at INTO v_created;
      o_merchant_code := v_merchant;
      IF v_created IS NULL THEN
        RETURN;
      END IF;

      UPDATE ledger_accounts
        SET balance_minor = balance_minor + CASE WHEN id = p_debit THEN -p_amount ELSE p_amount END
        WHERE id = v_first
          AND (id <> p_debit OR owner_kind <> 'member' OR balance_minor - held_minor - p_amount >= 0)
        RETURNING balance_minor INTO v_first_after;
      IF v_first_after IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'LDG01', MESSAGE = 'ledger: insufficient funds';
      END IF;
      UPDATE ledger_accounts
        SET balance_minor = balance_minor + CASE WHEN id = p_debit THEN -p_amount ELSE p_amount END
        WHERE id = v_second
          AND (id <> p_debit OR owner_kind <> 'member' OR balance_minor - held_minor - p_amount >= 0)
        RETURNING balance_minor INTO v_second_after;
      IF v_second_after IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'LDG01', MESSAGE = 'ledger: insufficient funds';
      END IF;

      INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, balance_after_minor)
        VALUES
          (p_id, v_first, CASE WHEN v_first = p_debit THEN -p_amount ELSE p_amount END, v_first_after),
          (p_id, v_second, CASE WHEN v_second = p_debit THEN -p_amount ELSE p_amount END, v_second_after);
      o_created_at := v_created;
    END
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_post_single_transfer(text, bigint, bigint, bigint, text, text)`.execute(
    db,
  );
}
