import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { RollupCell } from './aggregate.js';

/** A rollup row as reports read it. */
export interface RollupRow extends RollupCell {}

type Table = 'play_member_daily' | 'play_agent_daily';
const partyColumn = { play_member_daily: 'member_id', play_agent_daily: 'agent_member_id' };

/** Adds cells to a rollup table in the consumer's transaction: one upsert per batch. */
async function addCells(trx: Db, table: Table, cells: readonly RollupCell[]): Promise<void> {
  if (cells.length === 0) return;
  const party = sql.ref(partyColumn[table]);
  const rows = cells.map(
    (cell) =>
      sql`(${cell.partyId.toString()}::bigint, ${cell.day}::date, ${cell.gameCategory}::text, ${cell.currency}::text, ${cell.merchantCode}::text, ${cell.rounds.toString()}::bigint, ${cell.stakeMinor.toString()}::bigint, ${cell.validBetMinor.toString()}::bigint, ${cell.winMinor.toString()}::bigint)`,
  );
  await sql`
    INSERT INTO ${sql.table(table)} AS t
      (${party}, day, game_category, currency, merchant_code, rounds, stake_minor, valid_bet_minor, win_minor)
    VALUES ${sql.join(rows)}
    ON CONFLICT (${party}, day, game_category, currency) DO UPDATE SET
      rounds = t.rounds + excluded.rounds,
      stake_minor = t.stake_minor + excluded.stake_minor,
      valid_bet_minor = t.valid_bet_minor + excluded.valid_bet_minor,
      win_minor = t.win_minor + excluded.win_minor
  `.execute(trx);
}

/** Only this file names the tables `play_member_daily` and `play_agent_daily`. */
export function createPlayRollupsRepository(db: Db) {
  async function read(table: Table, partyId: bigint, fromDay: string, toDay: string) {
    const party = sql.ref(partyColumn[table]);
    const result = await sql<{
      party_id: string;
      merchant_code: string;
      day: string;
      game_category: string;
      currency: string;
      rounds: string;
      stake_minor: string;
      valid_bet_minor: string;
      win_minor: string;
    }>`
      SELECT ${party}::text AS party_id, merchant_code, to_char(day, 'YYYY-MM-DD') AS day,
        game_category, currency, rounds::text AS rounds, stake_minor::text AS stake_minor,
        valid_bet_minor::text AS valid_bet_minor, win_minor::text AS win_minor
      FROM ${sql.table(table)}
      WHERE ${party} = ${partyId.toString()} AND day >= ${fromDay}::date AND day <= ${toDay}::date
      ORDER BY day, game_category, currency
    `.execute(db);
    return result.rows.map(
      (row): RollupRow => ({
        partyId: BigInt(row.party_id),
        merchantCode: row.merchant_code,
        day: row.day,
        gameCategory: row.game_category,
        currency: row.currency,
        rounds: BigInt(row.rounds),
        stakeMinor: BigInt(row.stake_minor),
        validBetMinor: BigInt(row.valid_bet_minor),
        winMinor: BigInt(row.win_minor),
      }),
    );
  }

  /** The merchant's play per game category over whole UTC days, and how many members played. */
  async function merchantTotals(merchantCode: string, fromDay: string, toDay: string) {
    const range = sql`merchant_code = ${merchantCode} AND day >= ${fromDay}::date AND day <= ${toDay}::date`;
    const [categories, players] = await Promise.all([
      sql<{ game_category: string; rounds: string; stake_minor: string; win_minor: string }>`
        SELECT game_category, sum(rounds)::text AS rounds, sum(stake_minor)::text AS stake_minor,
          sum(win_minor)::text AS win_minor
        FROM play_member_daily WHERE ${range}
        GROUP BY game_category ORDER BY game_category
      `.execute(db),
      sql<{ count: string }>`
        SELECT count(DISTINCT member_id)::text AS count FROM play_member_daily
        WHERE ${range} AND rounds > 0
      `.execute(db),
    ]);
    return {
      categories: categories.rows.map((row) => ({
        gameCategory: row.game_category,
        rounds: BigInt(row.rounds),
        stakeMinor: BigInt(row.stake_minor),
        winMinor: BigInt(row.win_minor),
      })),
      activeMembers: Number(players.rows[0]?.count ?? 0),
    };
  }

  return {
    merchantTotals,
    addMemberCells: (trx: Db, cells: readonly RollupCell[]) =>
      addCells(trx, 'play_member_daily', cells),
    addAgentCells: (trx: Db, cells: readonly RollupCell[]) =>
      addCells(trx, 'play_agent_daily', cells),
    /** A member's rows over whole UTC days, `fromDay` to `toDay` included. */
    memberDays: (memberId: bigint, fromDay: string, toDay: string) =>
      read('play_member_daily', memberId, fromDay, toDay),
    /** An agent's rows (their downline's play) likewise. */
    agentDays: (agentId: bigint, fromDay: string, toDay: string) =>
      read('play_agent_daily', agentId, fromDay, toDay),
  };
}

export type PlayRollupsRepository = ReturnType<typeof createPlayRollupsRepository>;
