import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { RollupCell } from './aggregate.js';

/** A rollup row summed over the hours of one UTC day, as day-based reports read it. */
export interface RollupRow extends Omit<RollupCell, 'hour'> {}

/** A member's rolled-up sums of one calendar day (of the asked zone) and category. */
export interface RollupDayCell {
  day: string;
  gameCategory: string;
  rounds: bigint;
  stakeMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
}

type Table = 'play_member_daily' | 'play_agent_daily';
const partyColumn = { play_member_daily: 'member_id', play_agent_daily: 'agent_member_id' };

/** Adds cells to a rollup table in the consumer's transaction: one upsert per batch. */
async function addCells(trx: Db, table: Table, cells: readonly RollupCell[]): Promise<void> {
  if (cells.length === 0) return;
  const party = sql.ref(partyColumn[table]);
  const rows = cells.map(
    (cell) =>
      sql`(${cell.partyId.toString()}::bigint, ${cell.day}::date, ${cell.hour}::smallint, ${cell.gameCategory}::text, ${cell.currency}::text, ${cell.merchantCode}::text, ${cell.rounds.toString()}::bigint, ${cell.stakeMinor.toString()}::bigint, ${cell.validBetMinor.toString()}::bigint, ${cell.winMinor.toString()}::bigint)`,
  );
  await sql`
    INSERT INTO ${sql.table(table)} AS t
      (${party}, day, hour, game_category, currency, merchant_code, rounds, stake_minor, valid_bet_minor, win_minor)
    VALUES ${sql.join(rows)}
    ON CONFLICT (${party}, day, hour, game_category, currency) DO UPDATE SET
      rounds = t.rounds + excluded.rounds,
      stake_minor = t.stake_minor + excluded.stake_minor,
      valid_bet_minor = t.valid_bet_minor + excluded.valid_bet_minor,
      win_minor = t.win_minor + excluded.win_minor
  `.execute(trx);
}

/**
 * The hours of [fromHour, toHour) (whole UTC hours) during which a calendar day of `timeZone`
 * ends: a rollup hour there belongs to two days, so its rounds must be read raw. None for
 * zones whose offset is a whole number of hours. An unknown zone throws PostgreSQL's 22023.
 */
async function hoursSplitByDay(db: Db, fromHour: Date, toHour: Date, timeZone: string) {
  const result = await sql<{ hour_start: Date }>`
    SELECT h AS hour_start
    FROM generate_series(${fromHour}::timestamptz, ${toHour}::timestamptz - interval '1 hour',
      interval '1 hour') AS h
    WHERE (h AT TIME ZONE ${timeZone})::date
      <> ((h + interval '1 hour' - interval '1 microsecond') AT TIME ZONE ${timeZone})::date
  `.execute(db);
  return result.rows.map((row) => new Date(row.hour_start));
}

/** Only this file names the tables `play_member_daily` and `play_agent_daily`. */
export function createPlayRollupsRepository(db: Db) {
  async function read(table: Table, partyId: bigint, fromDay: string, toDay: string) {
    const party = sql.ref(partyColumn[table]);
    const result = await sql<{
      party_id: bigint;
      merchant_code: string;
      day: string;
      game_category: string;
      currency: string;
      rounds: bigint;
      stake_minor: bigint;
      valid_bet_minor: bigint;
      win_minor: bigint;
    }>`
      SELECT ${party} AS party_id, min(merchant_code) AS merchant_code,
        to_char(day, 'YYYY-MM-DD') AS day, game_category, currency, sum(rounds)::bigint AS rounds,
        sum(stake_minor)::bigint AS stake_minor, sum(valid_bet_minor)::bigint AS valid_bet_minor,
        sum(win_minor)::bigint AS win_minor
      FROM ${sql.table(table)}
      WHERE ${party} = ${partyId.toString()} AND day >= ${fromDay}::date AND day <= ${toDay}::date
      GROUP BY ${party}, day, game_category, currency
      ORDER BY day, game_category, currency
    `.execute(db);
    return result.rows.map(
      (row): RollupRow => ({
        partyId: row.party_id,
        merchantCode: row.merchant_code,
        day: row.day,
        gameCategory: row.game_category,
        currency: row.currency,
        rounds: row.rounds,
        stakeMinor: row.stake_minor,
        validBetMinor: row.valid_bet_minor,
        winMinor: row.win_minor,
      }),
    );
  }

  /** The merchant's play per game category over whole UTC days, and how many members played. */
  async function merchantTotals(merchantCode: string, fromDay: string, toDay: string) {
    const range = sql`merchant_code = ${merchantCode} AND day >= ${fromDay}::date AND day <= ${toDay}::date`;
    const [categories, players] = await Promise.all([
      sql<{ game_category: string; rounds: bigint; stake_minor: bigint; win_minor: bigint }>`
        SELECT game_category, sum(rounds)::bigint AS rounds, sum(stake_minor)::bigint AS stake_minor,
          sum(win_minor)::bigint AS win_minor
        FROM play_member_daily WHERE ${range}
        GROUP BY game_category ORDER BY game_category
      `.execute(db),
      sql<{ count: number }>`
        SELECT count(DISTINCT member_id)::int AS count FROM play_member_daily
        WHERE ${range} AND rounds > 0
      `.execute(db),
    ]);
    return {
      categories: categories.rows.map((row) => ({
        gameCategory: row.game_category,
        rounds: row.rounds,
        stakeMinor: row.stake_minor,
        winMinor: row.win_minor,
      })),
      activeMembers: players.rows[0]?.count ?? 0,
    };
  }

  /**
   * Each member's play over whole UTC days (agent reports), or per game category of one
   * member when `byCategory`: one range of the primary key per member.
   */
  async function membersPlay(memberIds: readonly bigint[], fromDay: string, toDay: string) {
    if (memberIds.length === 0) return [];
    const result = await sql<{
      member_id: bigint;
      game_category: string;
      rounds: bigint;
      stake_minor: bigint;
      valid_bet_minor: bigint;
      win_minor: bigint;
    }>`
      SELECT member_id, game_category, sum(rounds)::bigint AS rounds,
        sum(stake_minor)::bigint AS stake_minor, sum(valid_bet_minor)::bigint AS valid_bet_minor,
        sum(win_minor)::bigint AS win_minor
      FROM play_member_daily
      WHERE member_id = ANY(${memberIds.map(String)}::bigint[])
        AND day >= ${fromDay}::date AND day <= ${toDay}::date
      GROUP BY member_id, game_category
    `.execute(db);
    return result.rows.map((row) => ({
      memberId: row.member_id,
      gameCategory: row.game_category,
      rounds: row.rounds,
      stakeMinor: row.stake_minor,
      validBetMinor: row.valid_bet_minor,
      winMinor: row.win_minor,
    }));
  }

  return {
    merchantTotals,
    membersPlay,
    addMemberCells: (trx: Db, cells: readonly RollupCell[]) =>
      addCells(trx, 'play_member_daily', cells),
    addAgentCells: (trx: Db, cells: readonly RollupCell[]) =>
      addCells(trx, 'play_agent_daily', cells),
    /** A member's rows over whole UTC days (of the rounds' start), `fromDay` to `toDay` included. */
    memberDays: (memberId: bigint, fromDay: string, toDay: string) =>
      read('play_member_daily', memberId, fromDay, toDay),
    /** An agent's rows (their downline's play) likewise. */
    agentDays: (agentId: bigint, fromDay: string, toDay: string) =>
      read('play_agent_daily', agentId, fromDay, toDay),
    hoursSplitByDay: (fromHour: Date, toHour: Date, timeZone: string) =>
      hoursSplitByDay(db, fromHour, toHour, timeZone),

    /**
     * A member's rolled-up rounds that started in the whole UTC hours [fromHour, toHour), except
     * the hours in `skipHours`, summed per calendar day of `timeZone` and category.
     */
    async memberCellsByLocalDay(query: {
      merchantCode: string;
      memberId: bigint;
      fromHour: Date;
      toHour: Date;
      skipHours: readonly Date[];
      timeZone: string;
      gameCategory?: string | undefined;
    }): Promise<RollupDayCell[]> {
      const category = query.gameCategory
        ? sql`AND t.game_category = ${query.gameCategory}`
        : sql``;
      const result = await sql<{
        day: string;
        game_category: string;
        rounds: bigint;
        stake_minor: bigint;
        valid_bet_minor: bigint;
        win_minor: bigint;
      }>`
        SELECT to_char((t.hour_start AT TIME ZONE ${query.timeZone})::date, 'YYYY-MM-DD') AS day,
          t.game_category, sum(t.rounds)::bigint AS rounds, sum(t.stake_minor)::bigint AS stake_minor,
          sum(t.valid_bet_minor)::bigint AS valid_bet_minor, sum(t.win_minor)::bigint AS win_minor
        FROM (
          SELECT (d.day + make_interval(hours => d.hour)) AT TIME ZONE 'UTC' AS hour_start, d.*
          FROM play_member_daily d
          WHERE d.member_id = ${query.memberId.toString()}
            AND d.day >= (${query.fromHour}::timestamptz AT TIME ZONE 'UTC')::date
            AND d.day <= (${query.toHour}::timestamptz AT TIME ZONE 'UTC')::date
        ) t
        WHERE t.merchant_code = ${query.merchantCode}
          AND t.hour_start >= ${query.fromHour}::timestamptz
          AND t.hour_start < ${query.toHour}::timestamptz
          AND NOT t.hour_start = ANY(${query.skipHours.map((hour) => hour.toISOString())}::timestamptz[])
          ${category}
        GROUP BY 1, 2
      `.execute(db);
      return result.rows.map((row) => ({
        day: row.day,
        gameCategory: row.game_category,
        rounds: row.rounds,
        stakeMinor: row.stake_minor,
        validBetMinor: row.valid_bet_minor,
        winMinor: row.win_minor,
      }));
    },
  };
}

export type PlayRollupsRepository = ReturnType<typeof createPlayRollupsRepository>;
