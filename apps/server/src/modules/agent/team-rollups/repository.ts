import type { CursorPage } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../../db/keyset-page.js';
import type { ActiveCell, MoneyCell, TeamCells, TeamPlayCell, TransactionRow } from './cells.js';

/** Play sums as the reports read them. */
export interface PlaySums {
  rounds: bigint;
  stakeMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
}

export interface MoneySums {
  depositMinor: bigint;
  depositCount: number;
  withdrawalMinor: bigint;
  withdrawalCount: number;
}

export interface DayRange {
  fromDay: string;
  toDay: string;
}

const transactionOrder: KeysetOrder = {
  name: 'team-transactions',
  keys: [
    { ref: 'occurred_at', type: 'timestamptz' },
    { ref: 'event_id', type: 'bigint' },
    { ref: 'member_id', type: 'bigint' },
  ],
  direction: 'desc',
};

async function addPlay(trx: Db, cells: readonly TeamPlayCell[]): Promise<void> {
  if (cells.length === 0) return;
  const rows = cells.map(
    (cell) =>
      sql`(${cell.ancestorId.toString()}::bigint, ${cell.day}::date, ${cell.hour}::smallint, ${cell.gameCategory}::text, ${cell.currency}::text, ${cell.merchantCode}::text, ${cell.rounds.toString()}::bigint, ${cell.stakeMinor.toString()}::bigint, ${cell.validBetMinor.toString()}::bigint, ${cell.winMinor.toString()}::bigint)`,
  );
  await sql`
    INSERT INTO agent_team_play_hourly AS t (ancestor_id, day, hour, game_category, currency,
      merchant_code, rounds, stake_minor, valid_bet_minor, win_minor)
    VALUES ${sql.join(rows)}
    ON CONFLICT (ancestor_id, day, hour, game_category, currency) DO UPDATE SET
      rounds = t.rounds + excluded.rounds,
      stake_minor = t.stake_minor + excluded.stake_minor,
      valid_bet_minor = t.valid_bet_minor + excluded.valid_bet_minor,
      win_minor = t.win_minor + excluded.win_minor
  `.execute(trx);
}

async function addMoney(
  trx: Db,
  table: 'agent_team_money_daily' | 'agent_member_money_daily',
  cells: readonly MoneyCell[],
): Promise<void> {
  if (cells.length === 0) return;
  const party = sql.ref(table === 'agent_team_money_daily' ? 'ancestor_id' : 'member_id');
  const rows = cells.map(
    (cell) =>
      sql`(${cell.partyId.toString()}::bigint, ${cell.day}::date, ${cell.currency}::text, ${cell.depositMinor.toString()}::bigint, ${cell.depositCount}::int, ${cell.withdrawalMinor.toString()}::bigint, ${cell.withdrawalCount}::int)`,
  );
  await sql`
    INSERT INTO ${sql.table(table)} AS t (${party}, day, currency, deposit_minor, deposit_count,
      withdrawal_minor, withdrawal_count)
    VALUES ${sql.join(rows)}
    ON CONFLICT (${party}, day, currency) DO UPDATE SET
      deposit_minor = t.deposit_minor + excluded.deposit_minor,
      deposit_count = t.deposit_count + excluded.deposit_count,
      withdrawal_minor = t.withdrawal_minor + excluded.withdrawal_minor,
      withdrawal_count = t.withdrawal_count + excluded.withdrawal_count
  `.execute(trx);
}

async function addActive(trx: Db, cells: readonly ActiveCell[]): Promise<void> {
  if (cells.length === 0) return;
  const rows = cells.map(
    (cell) =>
      sql`(${cell.ancestorId.toString()}::bigint, ${cell.day}::date, ${cell.memberId.toString()}::bigint)`,
  );
  await sql`
    INSERT INTO agent_team_active_daily (ancestor_id, day, member_id) VALUES ${sql.join(rows)}
    ON CONFLICT DO NOTHING
  `.execute(trx);
}

async function addTransactions(trx: Db, rows: readonly TransactionRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (row) =>
      sql`(${row.ancestorId.toString()}::bigint, ${row.eventId.toString()}::bigint, ${row.memberId.toString()}::bigint, ${row.kind}::text, ${row.amountMinor.toString()}::bigint, ${row.currency}::text, ${row.occurredAt}::timestamptz)`,
  );
  await sql`
    INSERT INTO agent_team_transactions (ancestor_id, event_id, member_id, kind, amount_minor,
      currency, occurred_at)
    VALUES ${sql.join(values)}
    ON CONFLICT DO NOTHING
  `.execute(trx);
}

const emptyMoney: MoneySums = {
  depositMinor: 0n,
  depositCount: 0,
  withdrawalMinor: 0n,
  withdrawalCount: 0,
};

/** Only this file names the team rollup tables (module `agent`). */
export function createTeamRollupsRepository(db: Db) {
  return {
    /** Writes a batch's cells in the consumer's transaction: one statement per table. */
    async addCells(trx: Db, cells: TeamCells): Promise<void> {
      await addPlay(trx, cells.play);
      await addMoney(trx, 'agent_team_money_daily', cells.teamMoney);
      await addMoney(trx, 'agent_member_money_daily', cells.memberMoney);
      await addActive(trx, cells.active);
      await addTransactions(trx, cells.transactions);
    },

    /** The team's play per game category over whole UTC days. */
    async teamPlayByCategory(ancestorId: bigint, range: DayRange) {
      const result = await sql<{
        game_category: string;
        rounds: bigint;
        stake_minor: bigint;
        valid_bet_minor: bigint;
        win_minor: bigint;
      }>`
        SELECT game_category, sum(rounds)::bigint AS rounds, sum(stake_minor)::bigint AS stake_minor,
          sum(valid_bet_minor)::bigint AS valid_bet_minor, sum(win_minor)::bigint AS win_minor
        FROM agent_team_play_hourly
        WHERE ancestor_id = ${ancestorId.toString()}::bigint
          AND day >= ${range.fromDay}::date AND day <= ${range.toDay}::date
        GROUP BY game_category ORDER BY game_category
      `.execute(db);
      return result.rows.map((row) => ({
        gameCategory: row.game_category,
        rounds: row.rounds,
        stakeMinor: row.stake_minor,
        validBetMinor: row.valid_bet_minor,
        winMinor: row.win_minor,
      }));
    },

    async teamMoney(ancestorId: bigint, range: DayRange): Promise<MoneySums> {
      const result = await sql<{
        deposit_minor: bigint;
        deposit_count: number;
        withdrawal_minor: bigint;
        withdrawal_count: number;
      }>`
        SELECT coalesce(sum(deposit_minor), 0)::bigint AS deposit_minor,
          coalesce(sum(deposit_count), 0)::int AS deposit_count,
          coalesce(sum(withdrawal_minor), 0)::bigint AS withdrawal_minor,
          coalesce(sum(withdrawal_count), 0)::int AS withdrawal_count
        FROM agent_team_money_daily
        WHERE ancestor_id = ${ancestorId.toString()}::bigint
          AND day >= ${range.fromDay}::date AND day <= ${range.toDay}::date
      `.execute(db);
      const row = result.rows[0];
      return row
        ? {
            depositMinor: row.deposit_minor,
            depositCount: row.deposit_count,
            withdrawalMinor: row.withdrawal_minor,
            withdrawalCount: row.withdrawal_count,
          }
        : emptyMoney;
    },

    /** Members of the team who played at least one round in the period. */
    async activeMembers(ancestorId: bigint, range: DayRange): Promise<number> {
      const result = await sql<{ count: number }>`
        SELECT count(DISTINCT member_id)::int AS count FROM agent_team_active_daily
        WHERE ancestor_id = ${ancestorId.toString()}::bigint
          AND day >= ${range.fromDay}::date AND day <= ${range.toDay}::date
      `.execute(db);
      return result.rows[0]?.count ?? 0;
    },

    /** Each member's own deposits and withdrawals over the period. */
    async membersMoney(memberIds: readonly bigint[], range: DayRange) {
      const sums = new Map<bigint, MoneySums>();
      if (memberIds.length === 0) return sums;
      const result = await sql<{
        member_id: bigint;
        deposit_minor: bigint;
        deposit_count: number;
        withdrawal_minor: bigint;
        withdrawal_count: number;
      }>`
        SELECT member_id, sum(deposit_minor)::bigint AS deposit_minor,
          sum(deposit_count)::int AS deposit_count, sum(withdrawal_minor)::bigint AS withdrawal_minor,
          sum(withdrawal_count)::int AS withdrawal_count
        FROM agent_member_money_daily
        WHERE member_id = ANY(${memberIds.map(String)}::bigint[])
          AND day >= ${range.fromDay}::date AND day <= ${range.toDay}::date
        GROUP BY member_id
      `.execute(db);
      for (const row of result.rows)
        sums.set(row.member_id, {
          depositMinor: row.deposit_minor,
          depositCount: row.deposit_count,
          withdrawalMinor: row.withdrawal_minor,
          withdrawalCount: row.withdrawal_count,
        });
      return sums;
    },

    /** A page of the team's money movements, newest first. */
    async transactionsPage(
      filter: {
        ancestorId: bigint;
        from: Date;
        to: Date;
        kind?: TransactionRow['kind'] | undefined;
        memberId?: bigint | undefined;
      },
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<Omit<TransactionRow, 'ancestorId'>>> {
      let query = db
        .selectFrom('agent_team_transactions')
        .select(['event_id', 'member_id', 'kind', 'amount_minor', 'currency', 'occurred_at'])
        .where('ancestor_id', '=', filter.ancestorId)
        .where('occurred_at', '>=', filter.from)
        .where('occurred_at', '<', filter.to);
      if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
      if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
      const result = await keysetPage(query, transactionOrder, page);
      return {
        nextCursor: result.nextCursor,
        items: result.items.map((row) => ({
          eventId: row.event_id,
          memberId: row.member_id,
          kind: row.kind,
          amountMinor: row.amount_minor,
          currency: row.currency,
          occurredAt: row.occurred_at,
        })),
      };
    },
  };
}

export type TeamRollupsRepository = ReturnType<typeof createTeamRollupsRepository>;
