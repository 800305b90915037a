import { type Kysely, sql } from 'kysely';

/**
 * Every table of a merchant's data carries its merchant (issue 23, docs/scaling-past-one-
 * database.md): the child tables that reached it only through a parent row get
 * `merchant_code`, backfilled from that parent, NOT NULL, referencing `merchants`. So a
 * distributed PostgreSQL can place each row by merchant, and a per-merchant copy can select it.
 *
 * Until each owning module writes the column itself, a BEFORE INSERT trigger per table fills it
 * from the same parent when an insert leaves it out (no module's SQL changes here, and no row
 * can be written without it). The trigger goes when its module writes the column.
 */
const childTables: readonly {
  table: string;
  /** The column of the child naming its parent row. */
  column: string;
  parent: string;
  parentKey: string;
}[] = [
  {
    table: 'agent_contract_history',
    column: 'contract_id',
    parent: 'agent_contracts',
    parentKey: 'id',
  },
  { table: 'agent_member_money_daily', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'agent_team_active', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'agent_team_active_daily', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'agent_team_money_daily', column: 'ancestor_id', parent: 'members', parentKey: 'id' },
  { table: 'agent_team_transactions', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'builtin_seed_pairs', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'free_spin_plays', column: 'grant_id', parent: 'free_spin_grants', parentKey: 'id' },
  { table: 'game_texts', column: 'node_id', parent: 'games', parentKey: 'node_id' },
  { table: 'ledger_entries', column: 'account_id', parent: 'ledger_accounts', parentKey: 'id' },
  { table: 'lottery_liability', column: 'draw_id', parent: 'lottery_draws', parentKey: 'id' },
  { table: 'member_announcement_reads', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'member_bank_accounts', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'member_favourite_games', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'member_known_ips', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'member_label_links', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'member_recent_games', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'member_tree', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'operator_recovery_codes', column: 'operator_id', parent: 'operators', parentKey: 'id' },
  { table: 'operator_sessions', column: 'operator_id', parent: 'operators', parentKey: 'id' },
  { table: 'password_reset_tokens', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'platform_message_states', column: 'member_id', parent: 'members', parentKey: 'id' },
  {
    table: 'promotion_application_images',
    column: 'application_id',
    parent: 'promotion_applications',
    parentKey: 'id',
  },
  {
    table: 'promotion_raffle_winners',
    column: 'promotion_id',
    parent: 'promotions',
    parentKey: 'id',
  },
  { table: 'withdrawal_email_codes', column: 'member_id', parent: 'members', parentKey: 'id' },
  { table: 'withdrawal_proofs', column: 'withdrawal_id', parent: 'withdrawals', parentKey: 'id' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, column, parent, parentKey } of childTables) {
    const [t, c, p, k] = [sql.table(table), sql.ref(column), sql.table(parent), sql.ref(parentKey)];
    const fill = sql.raw(`${table}_fill_merchant`);
    await sql`ALTER TABLE ${t} ADD COLUMN merchant_code text REFERENCES merchants (code)`.execute(
      db,
    );
    await sql`
      UPDATE ${t} AS child SET merchant_code = parent.merchant_code
      FROM ${p} AS parent WHERE parent.${k} = child.${c}
    `.execute(db);
    await sql`ALTER TABLE ${t} ALTER COLUMN merchant_code SET NOT NULL`.execute(db);
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
      CREATE TRIGGER ${fill} BEFORE INSERT ON ${t} FOR EACH ROW EXECUTE FUNCTION ${fill}()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of childTables) {
    const fill = sql.raw(`${table}_fill_merchant`);
    await sql`DROP TRIGGER ${fill} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION ${fill}()`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN merchant_code`.execute(db);
  }
}
