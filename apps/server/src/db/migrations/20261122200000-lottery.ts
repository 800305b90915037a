import { type Kysely, sql } from 'kysely';

/**
 * The lottery engine (docs/lottery-engine.md): games as data per merchant, their draws, bet
 * slips, bets and the liability per number of each draw. State changes are conditional
 * updates on `status`, so a draw is drawn and settled once whatever runs them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lottery_games (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      game_code text NOT NULL CHECK (game_code ~ '^[A-Z0-9_]{1,40}$'),
      area text NOT NULL CHECK (area IN ('VN', 'SEA', 'ELOTT')),
      prize_mode text NOT NULL CHECK (prize_mode IN ('Lott', 'ZY', 'Elott', 'SEA')),
      format text NOT NULL CHECK (format IN ('VN_NORTH', 'VN_SOUTH', 'THAI', 'DIGIT5', 'DICE3')),
      -- The catalogue vendor the game is listed under (TCG_LOTTO_VN, TCG_SEA, TCG_ELOTT).
      vassalage text NOT NULL,
      -- Language code -> name.
      names jsonb NOT NULL,
      -- house: our RNG with commit and reveal; real: an operator enters the result.
      source text NOT NULL CHECK (source IN ('house', 'real')),
      -- {"kind":"interval","intervalSeconds":60} or
      -- {"kind":"daily","time":"18:15","timeZone":"Asia/Ho_Chi_Minh","daysOfMonth":[1,16]}
      schedule jsonb NOT NULL,
      close_offset_seconds integer NOT NULL CHECK (close_offset_seconds >= 0),
      cancel_allowed boolean NOT NULL DEFAULT false,
      min_stake_minor bigint NOT NULL CHECK (min_stake_minor > 0),
      max_stake_minor bigint NOT NULL CHECK (max_stake_minor >= min_stake_minor),
      -- Most the house may owe on one number (liability key) of one draw.
      max_liability_minor bigint NOT NULL CHECK (max_liability_minor > 0),
      enabled boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, game_code)
    )
  `.execute(db);
  await sql`
    CREATE TABLE lottery_draws (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      game_id bigint NOT NULL REFERENCES lottery_games (id),
      merchant_code text NOT NULL,
      draw_no text NOT NULL,
      status text NOT NULL DEFAULT 'scheduled'
        CHECK (status IN ('scheduled', 'open', 'closed', 'entered', 'drawn', 'settled', 'void')),
      opens_at timestamptz NOT NULL,
      closes_at timestamptz NOT NULL,
      draw_at timestamptz NOT NULL,
      -- House draws: the seed (hex) stays secret until drawn; its SHA-256 is public from open.
      seed text,
      seed_hash text,
      draw_key text,
      result jsonb,
      -- Real draws: the result as entered, waiting for a second operator's confirmation.
      entered_result jsonb,
      entered_by bigint,
      confirmed_by bigint,
      void_reason text,
      drawn_at timestamptz,
      settled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (opens_at <= closes_at AND closes_at <= draw_at),
      UNIQUE (game_id, draw_at),
      UNIQUE (game_id, draw_no)
    )
  `.execute(db);
  await sql`CREATE INDEX lottery_draws_game_time_idx ON lottery_draws (game_id, draw_at DESC)`.execute(
    db,
  );
  // The scheduler's sweep looks only at draws that still have work.
  await sql`
    CREATE INDEX lottery_draws_pending_idx ON lottery_draws (status, draw_at)
    WHERE status NOT IN ('settled')
  `.execute(db);
  await sql`
    CREATE TABLE lottery_slips (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL,
      member_id bigint NOT NULL REFERENCES members (id),
      draw_id bigint NOT NULL REFERENCES lottery_draws (id),
      -- SHA-256 of the request: a retry with other contents is refused.
      fingerprint text NOT NULL,
      total_minor bigint NOT NULL CHECK (total_minor > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE lottery_bets (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      slip_id uuid NOT NULL REFERENCES lottery_slips (id),
      merchant_code text NOT NULL,
      member_id bigint NOT NULL REFERENCES members (id),
      game_id bigint NOT NULL REFERENCES lottery_games (id),
      draw_id bigint NOT NULL REFERENCES lottery_draws (id),
      currency text NOT NULL,
      bet_type text NOT NULL,
      numbers text[] NOT NULL,
      position smallint,
      amount_per_point_minor bigint NOT NULL CHECK (amount_per_point_minor > 0),
      points integer NOT NULL CHECK (points > 0),
      stake_minor bigint NOT NULL CHECK (stake_minor > 0),
      -- Payout per unit staked for one hit (display; settlement uses the maths' integer rules).
      odds numeric NOT NULL,
      status text NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'won', 'lost', 'cancelled', 'void')),
      hits integer,
      payout_minor bigint NOT NULL DEFAULT 0 CHECK (payout_minor >= 0),
      placed_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    )
  `.execute(db);
  await sql`CREATE INDEX lottery_bets_draw_open_idx ON lottery_bets (draw_id, id) WHERE status = 'open'`.execute(
    db,
  );
  await sql`CREATE INDEX lottery_bets_member_idx ON lottery_bets (member_id, id DESC)`.execute(db);
  await sql`CREATE INDEX lottery_bets_slip_idx ON lottery_bets (slip_id, id)`.execute(db);
  await sql`
    CREATE TABLE lottery_liability (
      draw_id bigint NOT NULL REFERENCES lottery_draws (id),
      key text NOT NULL,
      liability_minor bigint NOT NULL CHECK (liability_minor >= 0),
      PRIMARY KEY (draw_id, key)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'lottery_liability',
    'lottery_bets',
    'lottery_slips',
    'lottery_draws',
    'lottery_games',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
