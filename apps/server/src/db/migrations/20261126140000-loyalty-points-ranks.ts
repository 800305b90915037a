import { type Kysely, sql } from 'kysely';

/**
 * Loyalty (issue 20 part A): the points rules and point mall of module `points`, the club ranks
 * of module `vip`, and colours for the member labels that the console already manages. Points
 * balances themselves live in the ledger (asset 'points'), not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Points earned per `unit_minor` of valid bet, per game category; '*' is the merchant's default.
  await sql`
    CREATE TABLE point_rules (
      merchant_code text NOT NULL REFERENCES merchants (code),
      game_category text NOT NULL CHECK (length(game_category) BETWEEN 1 AND 20),
      unit_minor bigint NOT NULL CHECK (unit_minor > 0),
      points_per_unit bigint NOT NULL CHECK (points_per_unit >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, game_category)
    )
  `.execute(db);
  // Conversion of points to cash: every `convert_points_step` points give `convert_cash_minor`.
  await sql`
    CREATE TABLE point_settings (
      merchant_code text PRIMARY KEY REFERENCES merchants (code),
      convert_enabled boolean NOT NULL DEFAULT true,
      convert_points_step bigint NOT NULL CHECK (convert_points_step > 0),
      convert_cash_minor bigint NOT NULL CHECK (convert_cash_minor > 0),
      convert_min_points bigint NOT NULL CHECK (convert_min_points > 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE point_rewards (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      reward_type text NOT NULL CHECK (reward_type IN ('cash', 'bonus', 'free_spins', 'goods')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
      image_url text CHECK (length(image_url) <= 600000),
      points_cost bigint NOT NULL CHECK (points_cost > 0),
      amount_minor bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
      stock integer CHECK (stock >= 0),
      needs_approval boolean NOT NULL,
      max_per_redemption integer NOT NULL DEFAULT 1 CHECK (max_per_redemption BETWEEN 1 AND 100),
      active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX point_rewards_merchant_idx ON point_rewards (merchant_code, sort_order, id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE point_redemptions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reference_no text NOT NULL UNIQUE,
      merchant_code text NOT NULL REFERENCES merchants (code),
      member_id bigint NOT NULL REFERENCES members (id),
      reward_id bigint NOT NULL REFERENCES point_rewards (id),
      reward_type text NOT NULL,
      reward_name text NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      points_total bigint NOT NULL CHECK (points_total > 0),
      amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
      currency char(3) NOT NULL,
      status text NOT NULL CHECK (status IN ('in_process', 'approved', 'rejected')),
      hold_transfer_id text NOT NULL,
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      decided_by bigint,
      decided_by_username text,
      decided_at timestamptz,
      reject_reason text CHECK (length(reject_reason) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, idempotency_key)
    )
  `.execute(db);
  await sql`CREATE INDEX point_redemptions_member_idx ON point_redemptions (member_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX point_redemptions_queue_idx
      ON point_redemptions (merchant_code, status, created_at, id)
  `.execute(db);

  // Club ranks: reached when the rolling window's valid bets AND deposits reach both minimums.
  await sql`
    CREATE TABLE vip_ranks (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      rank_level integer NOT NULL CHECK (rank_level BETWEEN 1 AND 99),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
      color text NOT NULL CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
      color2 text NOT NULL CHECK (color2 ~ '^#[0-9a-fA-F]{6}$'),
      min_turnover_minor bigint NOT NULL CHECK (min_turnover_minor >= 0),
      min_deposit_minor bigint NOT NULL CHECK (min_deposit_minor >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, rank_level)
    )
  `.execute(db);
  await sql`
    CREATE TABLE vip_settings (
      merchant_code text PRIMARY KEY REFERENCES merchants (code),
      window_days integer NOT NULL CHECK (window_days BETWEEN 1 AND 365),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  // Per member and UTC day: what the rank consumer has counted.
  await sql`
    CREATE TABLE vip_member_daily (
      member_id bigint NOT NULL REFERENCES members (id),
      day date NOT NULL,
      merchant_code text NOT NULL,
      turnover_minor bigint NOT NULL DEFAULT 0,
      deposit_minor bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, day)
    )
  `.execute(db);
  await sql`
    CREATE TABLE vip_member_ranks (
      member_id bigint PRIMARY KEY REFERENCES members (id),
      merchant_code text NOT NULL,
      rank_level integer NOT NULL CHECK (rank_level >= 0),
      evaluated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);

  await sql`
    ALTER TABLE member_labels
      ADD COLUMN color text NOT NULL DEFAULT '#ffffff' CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
      ADD COLUMN background_color text NOT NULL DEFAULT '#5c7cfa'
        CHECK (background_color ~ '^#[0-9a-fA-F]{6}$')
  `.execute(db);
}
