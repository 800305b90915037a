import { type Kysely, sql } from 'kysely';

/**
 * Issue 23: the big append-mostly tables become range-partitioned by month on the time they were
 * written, so that a year of history costs the hot path nothing and old months can be archived by
 * detaching a partition instead of deleting rows. Each table is rebuilt in place: the old one is
 * renamed, a partitioned twin is created with the same columns, defaults, checks, identity,
 * foreign keys, indexes and triggers, the rows are copied, and the old table is dropped. The
 * primary key gains the partition column, as PostgreSQL requires.
 *
 * A unique key must contain the partition column, so `game_rounds`' (vassalage, round_ref) moves
 * to `game_round_refs`, the round's idempotency index: a trigger claims the ref before a round is
 * inserted and skips the row when the ref is taken, which is what `ON CONFLICT DO NOTHING` did,
 * and the ref points at the round's partition for lookups.
 *
 * `ledger_archived_totals` carries forward what an archived month of ledger entries summed to per
 * account, so that reconciliation (balance = sum of entries) still holds after archiving.
 */
const partitionedTables = [
  { table: 'ledger_entries', column: 'created_at' },
  { table: 'game_rounds', column: 'started_at' },
  { table: 'lottery_bets', column: 'placed_at' },
  { table: 'audit_log', column: 'created_at' },
] as const;

/** Months created ahead at migration time; the maintenance job keeps the same horizon. */
const MONTHS_AHEAD = 3;

function monthStart(at: Date, plusMonths = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plusMonths, 1));
}

function partitionName(table: string, month: Date): string {
  return `${table}_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function partitionTable(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const old = `${table}_unpartitioned`;
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.tablename = ${table} AND i.schemaname = current_schema()
      AND i.indexname NOT IN (
        SELECT conname FROM pg_constraint WHERE conrelid = ${table}::regclass AND contype = 'p')
  `.execute(db);
  const foreignKeys = await sql<{ conname: string; definition: string }>`
    SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conrelid = ${table}::regclass AND contype = 'f'
  `.execute(db);
  const triggers = await sql<{ definition: string }>`
    SELECT pg_get_triggerdef(oid) AS definition FROM pg_trigger
    WHERE tgrelid = ${table}::regclass AND NOT tgisinternal
  `.execute(db);
  const bounds = await sql<{ oldest: Date | null }>`
    SELECT min(${sql.ref(column)}) AS oldest FROM ${sql.table(table)}
  `.execute(db);

  await sql`ALTER TABLE ${sql.table(table)} RENAME TO ${sql.table(old)}`.execute(db);
  await sql`
    CREATE TABLE ${sql.table(table)} (
      LIKE ${sql.table(old)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY
        INCLUDING GENERATED INCLUDING STORAGE INCLUDING COMMENTS
    ) PARTITION BY RANGE (${sql.ref(column)})
  `.execute(db);
  await sql`ALTER TABLE ${sql.table(table)} ADD PRIMARY KEY (id, ${sql.ref(column)})`.execute(db);
  for (const foreignKey of foreignKeys.rows) {
    await sql`
      ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(foreignKey.conname)} ${sql.raw(foreignKey.definition)}
    `.execute(db);
  }
  await sql`CREATE TABLE ${sql.table(`${table}_default`)} PARTITION OF ${sql.table(table)} DEFAULT`.execute(
    db,
  );
  const now = new Date();
  const first = monthStart(bounds.rows[0]?.oldest ?? now);
  for (let month = first; month <= monthStart(now, MONTHS_AHEAD); month = monthStart(month, 1)) {
    await sql`
      CREATE TABLE ${sql.table(partitionName(table, month))} PARTITION OF ${sql.table(table)}
      FOR VALUES FROM (${sql.lit(month.toISOString())}) TO (${sql.lit(monthStart(month, 1).toISOString())})
    `.execute(db);
  }
  await sql`
    INSERT INTO ${sql.table(table)} OVERRIDING SYSTEM VALUE SELECT * FROM ${sql.table(old)}
  `.execute(db);
  await sql`
    SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)
  `.execute(db);
  await sql`DROP TABLE ${sql.table(old)}`.execute(db);
  // The definitions were read before the rename, so they name the new table.
  for (const index of indexes.rows) {
    await sql.raw(index.indexdef).execute(db);
  }
  for (const trigger of triggers.rows) {
    await sql.raw(trigger.definition).execute(db);
  }
}

async function moveRoundRefUniqueness(db: Kysely<unknown>): Promise<void> {
  const unique = await sql<{ conname: string }>`
    SELECT conname FROM pg_constraint WHERE conrelid = 'game_rounds'::regclass AND contype = 'u'
  `.execute(db);
  for (const constraint of unique.rows) {
    await sql`ALTER TABLE game_rounds DROP CONSTRAINT ${sql.id(constraint.conname)}`.execute(db);
  }
  await sql`CREATE INDEX game_rounds_round_ref_idx ON game_rounds (vassalage, round_ref)`.execute(
    db,
  );
  await sql`
    CREATE TABLE game_round_refs (
      merchant_code text NOT NULL,
      vassalage text NOT NULL,
      round_ref text NOT NULL,
      round_id bigint NOT NULL,
      started_at timestamptz NOT NULL,
      PRIMARY KEY (vassalage, round_ref)
    )
  `.execute(db);
  await sql`
    INSERT INTO game_round_refs (merchant_code, vassalage, round_ref, round_id, started_at)
    SELECT merchant_code, vassalage, round_ref, id, started_at FROM game_rounds
  `.execute(db);
}

/** Runs before each round's insert (defaults, the id among them, are set by then). */
async function claimRoundRefs(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION game_rounds_claim_ref() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO game_round_refs (merchant_code, vassalage, round_ref, round_id, started_at)
        VALUES (NEW.merchant_code, NEW.vassalage, NEW.round_ref, NEW.id, NEW.started_at)
        ON CONFLICT (vassalage, round_ref) DO NOTHING;
      -- Taken by another round: skip this one. Taken by this very round: a row moving between
      -- partitions (maintenance moving rows out of the default partition) goes through.
      IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM game_round_refs WHERE vassalage = NEW.vassalage
          AND round_ref = NEW.round_ref AND round_id = NEW.id) THEN
        RETURN NULL;
      END IF;
      RETURN NEW;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER game_rounds_claim_ref BEFORE INSERT ON game_rounds
      FOR EACH ROW EXECUTE FUNCTION game_rounds_claim_ref()
  `.execute(db);
  // The built-in games' recorder now relies on the trigger instead of the unique key.
  await sql`
    CREATE OR REPLACE FUNCTION game_round_record_settled(
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
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await moveRoundRefUniqueness(db);
  for (const { table, column } of partitionedTables) await partitionTable(db, table, column);
  await claimRoundRefs(db);
  await sql`
    CREATE TABLE ledger_archived_totals (
      account_id bigint PRIMARY KEY REFERENCES ledger_accounts (id),
      merchant_code text NOT NULL,
      -- The sum of the account's entries in every archived month.
      total_minor bigint NOT NULL,
      -- Entries before this instant are archived (the start of the oldest attached month).
      archived_before timestamptz NOT NULL
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_archived_totals`.execute(db);
  // The partitioned tables hold the same rows and serve the same queries: they stay.
}
