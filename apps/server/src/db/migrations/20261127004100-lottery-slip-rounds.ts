import { type Kysely, sql } from 'kysely';

/**
 * Lottery settlement per slip (issue 23, docs/lottery-engine.md "Settlement in two passes"):
 * a slip placed from now on has one round in `game_rounds` (`lottery:slip:<slipId>`), one
 * `round.settled` event and at most one win transfer, written when all its bets are settled.
 *
 * - `round_per_slip`: false for the slips placed before this migration, whose bets each have
 *   their own round and are paid bet by bet (they settle as they did); true for every new slip.
 * - `settled_at`: when the slip's win, round and event were written (the second pass). The
 *   slips of draws already settled or void are marked now, so only live slips stay unsettled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE lottery_slips
      ADD COLUMN round_per_slip boolean NOT NULL DEFAULT false,
      ADD COLUMN settled_at timestamptz
  `.execute(db);
  await sql`ALTER TABLE lottery_slips ALTER COLUMN round_per_slip SET DEFAULT true`.execute(db);
  await sql`
    UPDATE lottery_slips s SET settled_at = coalesce(d.settled_at, now())
    FROM lottery_draws d WHERE d.id = s.draw_id AND d.status IN ('settled', 'void')
  `.execute(db);
  // The second pass walks a draw's unsettled slips; the placement adds one entry per slip.
  await sql`
    CREATE INDEX lottery_slips_draw_unsettled_idx ON lottery_slips (draw_id, id)
    WHERE settled_at IS NULL
  `.execute(db);
  // Holds only the live slips of before this migration: no new slip ever enters it.
  await sql`
    CREATE INDEX lottery_slips_draw_legacy_idx ON lottery_slips (draw_id)
    WHERE NOT round_per_slip AND settled_at IS NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX lottery_slips_draw_legacy_idx`.execute(db);
  await sql`DROP INDEX lottery_slips_draw_unsettled_idx`.execute(db);
  await sql`ALTER TABLE lottery_slips DROP COLUMN settled_at, DROP COLUMN round_per_slip`.execute(
    db,
  );
}
