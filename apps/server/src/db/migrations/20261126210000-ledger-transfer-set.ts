import { type Kysely, sql } from 'kysely';

/**
 * Many posted transfers as one set (module `ledger`, docs/lottery-engine.md "Settlement as
 * sets"): what `ledger_post_transfer_batch` does one transfer at a time, in four statements
 * whatever the number of transfers, for settlements of thousands of wins at once.
 *
 * - Every account of the set is locked first, in id order, as every other ledger path locks.
 * - An account that is missing, or a pair of another merchant, asset or currency, or an amount
 *   that is not positive, or a transfer to its own account raises LDG02: nothing moves.
 * - The transfers are inserted with `ON CONFLICT (id) DO NOTHING`: an id already used moves
 *   nothing and is answered as 'exists' (the caller compares it with what it asked).
 * - The entries of the new transfers carry each account's running balance, in the order of the
 *   input (a transfer's debit before its credit), so a statement reads as if they had been
 *   posted one by one. A member account whose available balance would go below zero at any
 *   entry raises LDG01: nothing moves.
 * - Each account's balance then moves once, by the sum of its entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_post_transfer_set(
      p_ids text[], p_debits bigint[], p_credits bigint[], p_amounts bigint[], p_codes text[],
      p_references text[]
    ) RETURNS TABLE (o_index integer, o_outcome text)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_posted text[];
      v_entries integer;
    BEGIN
      PERFORM 1 FROM ledger_accounts WHERE id = ANY (p_debits || p_credits) ORDER BY id FOR UPDATE;
      IF EXISTS (
        SELECT 1
        FROM unnest(p_debits, p_credits, p_amounts) AS t (debit, credit, amount)
        LEFT JOIN ledger_accounts d ON d.id = t.debit
        LEFT JOIN ledger_accounts c ON c.id = t.credit
        WHERE t.amount IS NULL OR t.amount <= 0 OR t.debit = t.credit OR d.id IS NULL
          OR c.id IS NULL OR d.merchant_code <> c.merchant_code OR d.asset <> c.asset
          OR d.currency <> c.currency
      ) THEN
        RAISE EXCEPTION USING ERRCODE = 'LDG02', MESSAGE = 'ledger: accounts do not match';
      END IF;
      WITH inserted AS (
        INSERT INTO ledger_transfers (id, merchant_code, debit_account_id, credit_account_id,
            amount_minor, code, reference, kind, status, resolved_at)
          SELECT t.id, d.merchant_code, t.debit, t.credit, t.amount, t.code, t.reference,
            'single', 'posted', now()
          FROM unnest(p_ids, p_debits, p_credits, p_amounts, p_codes, p_references)
            AS t (id, debit, credit, amount, code, reference)
          JOIN ledger_accounts d ON d.id = t.debit
          ON CONFLICT (id) DO NOTHING
          RETURNING id
      )
      SELECT coalesce(array_agg(id), '{}') INTO v_posted FROM inserted;
      WITH moves AS (
        SELECT t.id, m.account_id, m.amount, t.ord * 2 + m.side AS seq
        FROM unnest(p_ids, p_debits, p_credits, p_amounts) WITH ORDINALITY
          AS t (id, debit, credit, amount, ord)
        CROSS JOIN LATERAL (VALUES (t.debit, -t.amount, 0), (t.credit, t.amount, 1))
          AS m (account_id, amount, side)
        JOIN unnest(v_posted) AS p (id) ON p.id = t.id
      ),
      running AS (
        SELECT moves.id, moves.account_id, moves.amount, moves.seq, a.owner_kind, a.held_minor,
          a.balance_minor + sum(moves.amount) OVER (PARTITION BY moves.account_id ORDER BY moves.seq)
            AS balance_after
        FROM moves JOIN ledger_accounts a ON a.id = moves.account_id
      ),
      short AS (
        SELECT 1 FROM running
        WHERE owner_kind = 'member' AND balance_after - held_minor < 0 LIMIT 1
      )
      INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, balance_after_minor)
        SELECT id, account_id, amount, balance_after FROM running
        WHERE NOT EXISTS (SELECT 1 FROM short)
        ORDER BY seq;
      GET DIAGNOSTICS v_entries = ROW_COUNT;
      IF v_entries <> 2 * coalesce(array_length(v_posted, 1), 0) THEN
        RAISE EXCEPTION USING ERRCODE = 'LDG01', MESSAGE = 'ledger: insufficient funds';
      END IF;
      UPDATE ledger_accounts a SET balance_minor = a.balance_minor + s.delta
        FROM (
          SELECT m.account_id, sum(m.amount) AS delta
          FROM unnest(p_ids, p_debits, p_credits, p_amounts) AS t (id, debit, credit, amount)
          CROSS JOIN LATERAL (VALUES (t.debit, -t.amount), (t.credit, t.amount))
            AS m (account_id, amount)
          JOIN unnest(v_posted) AS p (id) ON p.id = t.id
          GROUP BY m.account_id
        ) s
        WHERE a.id = s.account_id;
      RETURN QUERY
        SELECT t.ord::integer, CASE WHEN p.id IS NULL THEN 'exists' ELSE 'posted' END
        FROM unnest(p_ids) WITH ORDINALITY AS t (id, ord)
        LEFT JOIN unnest(v_posted) AS p (id) ON p.id = t.id
        ORDER BY t.ord;
    END
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_post_transfer_set(text[], bigint[], bigint[], bigint[], text[], text[])`.execute(
    db,
  );
}
