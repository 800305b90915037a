import { type Kysely, sql } from 'kysely';

/**
 * The bet path pays no more for the merchant column than it must (issue 23, docs/scaling-past-
 * one-database.md "What the merchant column costs the bet path").
 *
 * - The ledger's three posting functions write `merchant_code` on every entry themselves (the
 *   accounts' merchant, which they have already read), and the lottery's liability upsert
 *   writes the draw's. The fill triggers of `ledger_entries` and `lottery_liability` go: NOT
 *   NULL refuses a writer that leaves the column out, where the trigger would have hidden it.
 * - Every other fill trigger fires only when the column is left out (`WHEN (NEW.merchant_code
 *   IS NULL)`), so a module that writes it pays no function call per row.
 * - A hot row's merchant is checked against its parent in the same foreign key as the parent
 *   itself: `(account_id, merchant_code)` references `ledger_accounts (id, merchant_code)`, and
 *   so on. One check per row instead of two, and it proves what the column must mean (the
 *   row's merchant is its parent's). The separate key to `merchants` made every insert of every
 *   merchant's bets take a share lock on that one merchant's row, so concurrent bets queued on
 *   one tuple's lock (a multixact per new locker) instead of locking rows they already hold.
 */
const fillTriggerTables: readonly string[] = [
  'agent_contract_history',
  'agent_member_money_daily',
  'agent_team_active',
  'agent_team_active_daily',
  'agent_team_money_daily',
  'agent_team_transactions',
  'builtin_seed_pairs',
  'free_spin_plays',
  'game_texts',
  'member_announcement_reads',
  'member_bank_accounts',
  'member_favourite_games',
  'member_known_ips',
  'member_label_links',
  'member_recent_games',
  'member_tree',
  'operator_recovery_codes',
  'operator_sessions',
  'password_reset_tokens',
  'platform_message_states',
  'promotion_application_images',
  'promotion_raffle_winners',
  'withdrawal_email_codes',
  'withdrawal_proofs',
];

/** The hot tables whose writers now set the column: their fill triggers are dropped. */
const droppedFillTriggers = [
  { table: 'ledger_entries', column: 'account_id', parent: 'ledger_accounts', parentKey: 'id' },
  { table: 'lottery_liability', column: 'draw_id', parent: 'lottery_draws', parentKey: 'id' },
] as const;

/**
 * Each hot foreign key on `merchant_code`, replaced by a composite key to the parent that
 * carries the same merchant. `drop` names the keys the composite one makes redundant.
 */
const compositeKeys = [
  {
    table: 'ledger_entries',
    name: 'ledger_entries_account_merchant_fkey',
    columns: 'account_id, merchant_code',
    parent: 'ledger_accounts',
    parentColumns: 'id, merchant_code',
    drop: ['ledger_entries_account_id_fkey', 'ledger_entries_merchant_code_fkey'],
    restore: [
      'ledger_entries_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts (id)',
      'ledger_entries_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code)',
    ],
  },
  {
    table: 'ledger_transfers',
    name: 'ledger_transfers_debit_merchant_fkey',
    columns: 'debit_account_id, merchant_code',
    parent: 'ledger_accounts',
    parentColumns: 'id, merchant_code',
    drop: ['ledger_transfers_debit_account_id_fkey', 'ledger_transfers_merchant_code_fkey'],
    restore: [
      'ledger_transfers_debit_account_id_fkey FOREIGN KEY (debit_account_id) REFERENCES ledger_accounts (id)',
      'ledger_transfers_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code)',
    ],
  },
  {
    table: 'lottery_liability',
    name: 'lottery_liability_draw_merchant_fkey',
    columns: 'draw_id, merchant_code',
    parent: 'lottery_draws',
    parentColumns: 'id, merchant_code',
    drop: ['lottery_liability_draw_id_fkey', 'lottery_liability_merchant_code_fkey'],
    restore: [
      'lottery_liability_draw_id_fkey FOREIGN KEY (draw_id) REFERENCES lottery_draws (id)',
      'lottery_liability_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code)',
    ],
  },
  {
    table: 'game_rounds',
    name: 'game_rounds_member_merchant_fkey',
    columns: 'member_id, merchant_code',
    parent: 'members',
    parentColumns: 'id, merchant_code',
    drop: ['game_rounds_member_id_fkey', 'game_rounds_merchant_code_fkey'],
    restore: [
      'game_rounds_member_id_fkey FOREIGN KEY (member_id) REFERENCES members (id)',
      'game_rounds_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code)',
    ],
  },
  {
    table: 'game_wallet_transactions',
    name: 'game_wallet_transactions_member_merchant_fkey',
    columns: 'member_id, merchant_code',
    parent: 'members',
    parentColumns: 'id, merchant_code',
    drop: [
      'game_wallet_transactions_member_id_fkey',
      'game_wallet_transactions_merchant_code_fkey',
    ],
    restore: [
      'game_wallet_transactions_member_id_fkey FOREIGN KEY (member_id) REFERENCES members (id)',
      'game_wallet_transactions_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code)',
    ],
  },
] as const;

/** The unique keys the composite foreign keys reference. */
const parentKeys = [
  { name: 'ledger_accounts_id_merchant_key', table: 'ledger_accounts' },
  { name: 'lottery_draws_id_merchant_key', table: 'lottery_draws' },
  { name: 'members_id_merchant_key', table: 'members' },
] as const;

async function postSingleTransferWithMerchant(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_post_single_transfer(
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

      INSERT INTO ledger_entries (transfer_id, merchant_code, account_id, amount_minor,
          balance_after_minor)
        VALUES
          (p_id, v_merchant, v_first,
            CASE WHEN v_first = p_debit THEN -p_amount ELSE p_amount END, v_first_after),
          (p_id, v_merchant, v_second,
            CASE WHEN v_second = p_debit THEN -p_amount ELSE p_amount END, v_second_after);
      o_created_at := v_created;
    END
    $$
  `.execute(db);
}

async function postTransferBatchWithMerchant(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_post_transfer_batch(
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
        INSERT INTO ledger_entries (transfer_id, merchant_code, account_id, amount_minor,
            balance_after_minor)
          VALUES (p_ids[v_i], v_debit.merchant_code, p_debits[v_i], -p_amounts[v_i], v_debit_after),
                 (p_ids[v_i], v_debit.merchant_code, p_credits[v_i], p_amounts[v_i], v_credit_after);
        o_outcome := 'posted';
        o_created_at := v_created;
        RETURN NEXT;
      END LOOP;
    END
    $$
  `.execute(db);
}

async function postTransferSetWithMerchant(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_post_transfer_set(
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
          a.merchant_code,
          a.balance_minor + sum(moves.amount) OVER (PARTITION BY moves.account_id ORDER BY moves.seq)
            AS balance_after
        FROM moves JOIN ledger_accounts a ON a.id = moves.account_id
      ),
      short AS (
        SELECT 1 FROM running
        WHERE owner_kind = 'member' AND balance_after - held_minor < 0 LIMIT 1
      )
      INSERT INTO ledger_entries (transfer_id, merchant_code, account_id, amount_minor,
          balance_after_minor)
        SELECT id, merchant_code, account_id, amount, balance_after FROM running
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

async function fillOnlyWhenMissing(db: Kysely<unknown>, table: string): Promise<void> {
  const fill = sql.raw(`${table}_fill_merchant`);
  await sql`DROP TRIGGER ${fill} ON ${sql.table(table)}`.execute(db);
  await sql`
    CREATE TRIGGER ${fill} BEFORE INSERT ON ${sql.table(table)} FOR EACH ROW
      WHEN (NEW.merchant_code IS NULL) EXECUTE FUNCTION ${fill}()
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await postSingleTransferWithMerchant(db);
  await postTransferBatchWithMerchant(db);
  await postTransferSetWithMerchant(db);
  for (const { table } of droppedFillTriggers) {
    const fill = sql.raw(`${table}_fill_merchant`);
    await sql`DROP TRIGGER ${fill} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION ${fill}()`.execute(db);
  }
  for (const table of fillTriggerTables) await fillOnlyWhenMissing(db, table);
  for (const { name, table } of parentKeys) {
    await sql`
      CREATE UNIQUE INDEX ${sql.id(name)} ON ${sql.table(table)} (id, merchant_code)
    `.execute(db);
  }
  for (const key of compositeKeys) {
    for (const name of key.drop) {
      await sql`ALTER TABLE ${sql.table(key.table)} DROP CONSTRAINT ${sql.id(name)}`.execute(db);
    }
    await sql`
      ALTER TABLE ${sql.table(key.table)} ADD CONSTRAINT ${sql.id(key.name)}
        FOREIGN KEY (${sql.raw(key.columns)}) REFERENCES ${sql.table(key.parent)} (${sql.raw(key.parentColumns)})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const key of compositeKeys) {
    await sql`ALTER TABLE ${sql.table(key.table)} DROP CONSTRAINT ${sql.id(key.name)}`.execute(db);
    for (const definition of key.restore) {
      await sql`ALTER TABLE ${sql.table(key.table)} ADD CONSTRAINT ${sql.raw(definition)}`.execute(
        db,
      );
    }
  }
  for (const { name } of parentKeys) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  for (const table of fillTriggerTables) {
    const fill = sql.raw(`${table}_fill_merchant`);
    await sql`DROP TRIGGER ${fill} ON ${sql.table(table)}`.execute(db);
    await sql`
      CREATE TRIGGER ${fill} BEFORE INSERT ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION ${fill}()
    `.execute(db);
  }
  for (const { table, column, parent, parentKey } of droppedFillTriggers) {
    const fill = sql.raw(`${table}_fill_merchant`);
    await sql`
      CREATE FUNCTION ${fill}() RETURNS trigger LANGUAGE plpgsql AS ${sql.lit(`
      BEGIN
        IF NEW.merchant_code IS NULL THEN
          SELECT merchant_code INTO NEW.merchant_code FROM ${parent} WHERE ${parentKey} = NEW.${column};
        END IF;
        RETURN NEW;
      END`)}
    `.execute(db);
    await sql`
      CREATE TRIGGER ${fill} BEFORE INSERT ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION ${fill}()
    `.execute(db);
  }
  // The posting functions keep writing the column: the restored triggers leave a given value.
}
