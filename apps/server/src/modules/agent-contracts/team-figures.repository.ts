import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/*
 * The agents' team figures (agent_team_figures, agent_team_category_figures, agent_team_active):
 * written by the play-event consumer (figures-consumer.ts), read by the settlements. Part of the
 * module's repository (repository.ts spreads these in); every query runs in the executor given.
 */

/** One cell of commission figures: an agent's team's valid bet in a UTC day and category. */
export interface CategoryFiguresCell {
  agentMemberId: bigint;
  dayStart: Date;
  currency: string;
  gameCategory: string;
  merchantCode: string;
  validBetMinor: bigint;
}

/** One cell of team figures: an agent's team in one 5-minute bucket and currency. */
export interface FiguresCell {
  agentMemberId: bigint;
  bucketStart: Date;
  currency: string;
  merchantCode: string;
  rounds: bigint;
  betMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
  wonValidBetMinor: bigint;
  lostValidBetMinor: bigint;
}

export interface TeamFigures {
  betMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
  wonValidBetMinor: bigint;
  lostValidBetMinor: bigint;
  activeMembers: number;
}

interface FiguresSumsRow {
  bet: bigint;
  valid_bet: bigint;
  win: bigint;
  won: bigint;
  lost: bigint;
}

const id = (value: bigint) => sql`${value.toString()}::bigint`;

export const teamFiguresQueries = {
  /** Adds a batch's team figures in the consumer's transaction: one upsert. */
  async addFigures(trx: Db, cells: readonly FiguresCell[]): Promise<void> {
    if (cells.length === 0) return;
    const rows = cells.map(
      (cell) =>
        sql`(${id(cell.agentMemberId)}, ${cell.bucketStart}::timestamptz, ${cell.currency}::text, ${cell.merchantCode}::text,
            ${cell.rounds.toString()}::bigint, ${cell.betMinor.toString()}::bigint, ${cell.validBetMinor.toString()}::bigint,
            ${cell.winMinor.toString()}::bigint, ${cell.wonValidBetMinor.toString()}::bigint,
            ${cell.lostValidBetMinor.toString()}::bigint)`,
    );
    await sql`
        INSERT INTO agent_team_figures AS t (agent_member_id, bucket_start, currency, merchant_code, rounds, bet_minor,
          valid_bet_minor, win_minor, won_valid_bet_minor, lost_valid_bet_minor)
        VALUES ${sql.join(rows)}
        ON CONFLICT (agent_member_id, bucket_start, currency) DO UPDATE SET
          rounds = t.rounds + excluded.rounds,
          bet_minor = t.bet_minor + excluded.bet_minor,
          valid_bet_minor = t.valid_bet_minor + excluded.valid_bet_minor,
          win_minor = t.win_minor + excluded.win_minor,
          won_valid_bet_minor = t.won_valid_bet_minor + excluded.won_valid_bet_minor,
          lost_valid_bet_minor = t.lost_valid_bet_minor + excluded.lost_valid_bet_minor
      `.execute(trx);
  },

  /** Adds a batch's valid bet per agent, UTC day and game category (commission's figures). */
  async addCategoryFigures(trx: Db, cells: readonly CategoryFiguresCell[]): Promise<void> {
    if (cells.length === 0) return;
    const rows = cells.map(
      (cell) =>
        sql`(${id(cell.agentMemberId)}, ${cell.dayStart}::timestamptz, ${cell.currency}::text, ${cell.gameCategory}::text,
            ${cell.merchantCode}::text, ${cell.validBetMinor.toString()}::bigint)`,
    );
    await sql`
        INSERT INTO agent_team_category_figures AS t (agent_member_id, day_start, currency, game_category, merchant_code,
          valid_bet_minor)
        VALUES ${sql.join(rows)}
        ON CONFLICT (agent_member_id, day_start, currency, game_category) DO UPDATE SET
          valid_bet_minor = t.valid_bet_minor + excluded.valid_bet_minor
      `.execute(trx);
  },

  /** An agent's team valid bet per game category over [from, to) (whole UTC days). */
  async teamCategoryValidBets(
    executor: Db,
    agentMemberId: bigint,
    currency: string,
    from: Date,
    to: Date,
  ): Promise<Map<string, bigint>> {
    const result = await sql<{ game_category: string; valid_bet: bigint }>`
        SELECT game_category, sum(valid_bet_minor)::bigint AS valid_bet FROM agent_team_category_figures
        WHERE agent_member_id = ${id(agentMemberId)} AND currency = ${currency}
          AND day_start >= ${from} AND day_start < ${to}
        GROUP BY game_category
      `.execute(executor);
    return new Map(result.rows.map((row) => [row.game_category, BigInt(row.valid_bet)]));
  },

  /** Marks members active in their agents' teams per hour (a set: repeats change nothing). */
  async addActive(
    trx: Db,
    rows: ReadonlyArray<{ agentMemberId: bigint; hour: Date; memberId: bigint }>,
  ): Promise<void> {
    if (rows.length === 0) return;
    await sql`
        INSERT INTO agent_team_active (agent_member_id, hour, member_id)
        VALUES ${sql.join(rows.map((row) => sql`(${id(row.agentMemberId)}, ${row.hour}::timestamptz, ${id(row.memberId)})`))}
        ON CONFLICT DO NOTHING
      `.execute(trx);
  },

  /** An agent's team figures over [from, to) in a currency, read in the caller's transaction. */
  async teamFigures(
    executor: Db,
    agentMemberId: bigint,
    currency: string,
    from: Date,
    to: Date,
  ): Promise<TeamFigures> {
    const [sums, active] = await Promise.all([
      sql<FiguresSumsRow>`
          SELECT coalesce(sum(bet_minor), 0)::bigint AS bet, coalesce(sum(valid_bet_minor), 0)::bigint AS valid_bet,
            coalesce(sum(win_minor), 0)::bigint AS win, coalesce(sum(won_valid_bet_minor), 0)::bigint AS won,
            coalesce(sum(lost_valid_bet_minor), 0)::bigint AS lost
          FROM agent_team_figures
          WHERE agent_member_id = ${id(agentMemberId)} AND currency = ${currency}
            AND bucket_start >= ${from} AND bucket_start < ${to}
        `.execute(executor),
      sql<{ n: bigint }>`
          SELECT count(DISTINCT member_id) AS n FROM agent_team_active
          WHERE agent_member_id = ${id(agentMemberId)} AND hour >= date_trunc('hour', ${from}::timestamptz)
            AND hour < ${to}
        `.execute(executor),
    ]);
    const row = sums.rows[0] as FiguresSumsRow;
    return {
      betMinor: BigInt(row.bet),
      validBetMinor: BigInt(row.valid_bet),
      winMinor: BigInt(row.win),
      wonValidBetMinor: BigInt(row.won),
      lostValidBetMinor: BigInt(row.lost),
      activeMembers: Number(active.rows[0]?.n ?? 0n),
    };
  },
};
