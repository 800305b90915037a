import { type Kysely, sql } from 'kysely';

/**
 * The console's catalogue pages (issue 17): uploaded game icons (re-encoded like banner images,
 * served under `/games/icons/<id>`); the stake and payout limits each lottery draw holds from
 * the moment it is created (null on draws made before: those keep reading their game's limits);
 * and the daily withdrawal limits per member (null: no daily limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE game_icons (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      kind text NOT NULL CHECK (kind IN ('png', 'jpeg', 'webp')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      bytes bytea NOT NULL,
      created_by bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    ALTER TABLE lottery_draws
      ADD COLUMN min_stake_minor bigint,
      ADD COLUMN max_stake_minor bigint,
      ADD COLUMN max_liability_minor bigint
  `.execute(db);
  await sql`
    ALTER TABLE withdrawal_settings
      ADD COLUMN daily_count_max integer CHECK (daily_count_max > 0),
      ADD COLUMN daily_amount_max_minor bigint CHECK (daily_amount_max_minor > 0)
  `.execute(db);
  // The daily limits count a member's withdrawals of the last 24 hours.
  await sql`CREATE INDEX withdrawals_member_created_idx ON withdrawals (member_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX withdrawals_member_created_idx`.execute(db);
  await sql`ALTER TABLE withdrawal_settings DROP COLUMN daily_count_max, DROP COLUMN daily_amount_max_minor`.execute(
    db,
  );
  await sql`
    ALTER TABLE lottery_draws
      DROP COLUMN min_stake_minor, DROP COLUMN max_stake_minor, DROP COLUMN max_liability_minor
  `.execute(db);
  await sql`DROP TABLE game_icons`.execute(db);
}
