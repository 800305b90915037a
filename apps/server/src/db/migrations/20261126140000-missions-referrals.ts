import { type Kysely, sql } from 'kysely';

/**
 * Missions (module `missions`) and member referrals (module `referrals`), issue 20 part B.
 *
 * - `missions`: a merchant's goals; `mission_progress`: one row per mission, member and period
 *   (`period_key` 'D2026-11-26', 'W2026-11-23' (the Monday), or 'once'), written only by the
 *   missions consumer of the event stream and by the claim.
 * - `referral_codes`: one code per member (made on first use); `referral_rules`: the merchant's
 *   rule; `referrals`: one row per invited friend (a friend is invited once), with what counts
 *   towards qualifying and the reward paid once (its ledger transfer id is unique).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE missions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL,
      period text NOT NULL CHECK (period IN ('daily', 'weekly', 'once')),
      goal_kind text NOT NULL
        CHECK (goal_kind IN ('bet-count', 'wager', 'deposit', 'login-streak', 'win-multiplier')),
      game_category text,
      target bigint NOT NULL CHECK (target > 0),
      reward_kind text NOT NULL CHECK (reward_kind IN ('cash', 'points', 'bonus')),
      reward_amount bigint NOT NULL CHECK (reward_amount > 0),
      titles jsonb NOT NULL DEFAULT '{}'::jsonb,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX missions_merchant_idx ON missions (merchant_code, status, sort_order, id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE mission_progress (
      mission_id bigint NOT NULL REFERENCES missions (id),
      member_id bigint NOT NULL,
      period_key text NOT NULL,
      merchant_code text NOT NULL,
      progress bigint NOT NULL DEFAULT 0 CHECK (progress >= 0),
      last_login_day date,
      completed_at timestamptz,
      claimed_at timestamptz,
      reward_transfer_id text UNIQUE,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (mission_id, member_id, period_key),
      CHECK (claimed_at IS NULL OR completed_at IS NOT NULL)
    )
  `.execute(db);
  await sql`
    CREATE INDEX mission_progress_member_idx ON mission_progress (member_id, period_key)
  `.execute(db);
  await sql`
    CREATE INDEX mission_progress_board_idx ON mission_progress (merchant_code, completed_at)
    WHERE completed_at IS NOT NULL
  `.execute(db);
  await sql`
    CREATE TABLE referral_codes (
      member_id bigint PRIMARY KEY,
      merchant_code text NOT NULL,
      code text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_code, code)
    )
  `.execute(db);
  await sql`
    CREATE TABLE referral_rules (
      merchant_code text PRIMARY KEY,
      enabled boolean NOT NULL,
      qualify_by text NOT NULL CHECK (qualify_by IN ('deposit', 'turnover')),
      threshold_minor bigint NOT NULL CHECK (threshold_minor > 0),
      reward_kind text NOT NULL CHECK (reward_kind IN ('cash', 'points', 'bonus')),
      reward_amount bigint NOT NULL CHECK (reward_amount > 0),
      max_rewarded_friends integer NOT NULL CHECK (max_rewarded_friends > 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE referrals (
      friend_member_id bigint PRIMARY KEY,
      merchant_code text NOT NULL,
      inviter_member_id bigint NOT NULL,
      code text NOT NULL,
      friend_register_ip text,
      status text NOT NULL CHECK (status IN ('pending', 'qualified', 'refused')),
      refusal_reason text,
      deposit_minor bigint NOT NULL DEFAULT 0,
      turnover_minor bigint NOT NULL DEFAULT 0,
      reward_kind text,
      reward_amount bigint,
      reward_transfer_id text UNIQUE,
      rewarded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (inviter_member_id <> friend_member_id)
    )
  `.execute(db);
  await sql`
    CREATE INDEX referrals_inviter_idx ON referrals (inviter_member_id, created_at DESC, friend_member_id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE referrals, referral_rules, referral_codes, mission_progress, missions`.execute(
    db,
  );
}
