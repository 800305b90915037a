import { type Kysely, sql } from 'kysely';

/**
 * Promotions (issue 19): the catalogue per merchant, each member's participation (one row per
 * member, promotion and claim period), activity applications with their re-encoded images,
 * the per-member deposit count the deposit promotions read, and raffle winners.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE promotions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      category text NOT NULL
        CHECK (category IN ('new_player', 'deposit', 'daily', 'vip', 'raffle', 'other')),
      take_mode text NOT NULL CHECK (take_mode IN ('auto', 'join', 'claim', 'apply')),
      state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused', 'ended')),
      texts jsonb NOT NULL,
      banner_url text NOT NULL DEFAULT '',
      group_name text NOT NULL DEFAULT '',
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      sort_order integer NOT NULL DEFAULT 0,
      qualifier jsonb NOT NULL,
      reward jsonb NOT NULL,
      wagering jsonb NOT NULL,
      raffle_seed text,
      raffle_seed_hash text,
      raffle_draw_at timestamptz,
      raffle_drawn_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at > starts_at)
    )
  `.execute(db);
  await sql`CREATE INDEX promotions_merchant_idx ON promotions (merchant_code, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX promotions_raffle_due_idx ON promotions (raffle_draw_at)
      WHERE raffle_draw_at IS NOT NULL AND raffle_drawn_at IS NULL
  `.execute(db);
  await sql`
    CREATE TABLE promotion_participations (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      promotion_id bigint NOT NULL REFERENCES promotions (id),
      merchant_code text NOT NULL,
      member_id bigint NOT NULL,
      period text NOT NULL DEFAULT '',
      status text NOT NULL
        CHECK (status IN ('joined', 'applying', 'rejected', 'issued', 'claimable', 'claimed')),
      reward_minor bigint NOT NULL DEFAULT 0 CHECK (reward_minor >= 0),
      deposit_id text,
      bonus_id text,
      transfer_id text,
      raffle_tickets integer NOT NULL DEFAULT 0 CHECK (raffle_tickets >= 0),
      raffle_carry_minor bigint NOT NULL DEFAULT 0 CHECK (raffle_carry_minor >= 0),
      reject_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (promotion_id, member_id, period)
    )
  `.execute(db);
  await sql`
    CREATE INDEX promotion_participations_member_idx
      ON promotion_participations (merchant_code, member_id)
  `.execute(db);
  await sql`
    CREATE TABLE promotion_applications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      promotion_id bigint NOT NULL REFERENCES promotions (id),
      merchant_code text NOT NULL,
      member_id bigint NOT NULL,
      comment text NOT NULL CHECK (char_length(comment) <= 140),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reject_reason text,
      decided_by bigint,
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX promotion_applications_one_pending
      ON promotion_applications (promotion_id, member_id) WHERE status = 'pending'
  `.execute(db);
  await sql`
    CREATE INDEX promotion_applications_queue_idx
      ON promotion_applications (merchant_code, status, id DESC)
  `.execute(db);
  await sql`
    CREATE TABLE promotion_application_images (
      id uuid PRIMARY KEY,
      application_id bigint NOT NULL REFERENCES promotion_applications (id),
      position integer NOT NULL CHECK (position BETWEEN 0 AND 2),
      kind text NOT NULL CHECK (kind IN ('png', 'jpeg')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (application_id, position)
    )
  `.execute(db);
  await sql`
    CREATE TABLE promotion_member_deposits (
      merchant_code text NOT NULL,
      member_id bigint NOT NULL,
      deposits integer NOT NULL CHECK (deposits >= 0),
      PRIMARY KEY (merchant_code, member_id)
    )
  `.execute(db);
  await sql`
    CREATE TABLE promotion_raffle_winners (
      promotion_id bigint NOT NULL REFERENCES promotions (id),
      rank integer NOT NULL CHECK (rank >= 1),
      member_id bigint NOT NULL,
      ticket_no integer NOT NULL CHECK (ticket_no >= 1),
      prize_minor bigint NOT NULL CHECK (prize_minor > 0),
      claimed_at timestamptz,
      transfer_id text,
      PRIMARY KEY (promotion_id, rank),
      UNIQUE (promotion_id, member_id)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'promotion_raffle_winners',
    'promotion_member_deposits',
    'promotion_application_images',
    'promotion_applications',
    'promotion_participations',
    'promotions',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
