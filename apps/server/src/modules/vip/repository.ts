import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The vip module's tables: ranks, the window, per-day activity and each member's rank. */

export interface VipRank {
  rankLevel: number;
  name: string;
  color: string;
  color2: string;
  minTurnoverMinor: bigint;
  minDepositMinor: bigint;
}

/** One member's activity of one UTC day, as a batch adds it. */
export interface DailyActivity {
  memberId: bigint;
  merchantCode: string;
  day: string;
  turnoverMinor: bigint;
  depositMinor: bigint;
}

export function createVipRepository(db: Db) {
  return {
    transaction: <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work),

    async ranks(executor: Db, merchantCode: string): Promise<VipRank[]> {
      const rows = await executor
        .selectFrom('vip_ranks')
        .select([
          'rank_level',
          'name',
          'color',
          'color2',
          'min_turnover_minor',
          'min_deposit_minor',
        ])
        .where('merchant_code', '=', merchantCode)
        .orderBy('rank_level')
        .execute();
      return rows.map((row) => ({
        rankLevel: row.rank_level,
        name: row.name,
        color: row.color,
        color2: row.color2,
        minTurnoverMinor: row.min_turnover_minor,
        minDepositMinor: row.min_deposit_minor,
      }));
    },

    async replaceRanks(executor: Db, merchantCode: string, ranks: readonly VipRank[]) {
      await executor.deleteFrom('vip_ranks').where('merchant_code', '=', merchantCode).execute();
      if (ranks.length === 0) return;
      await executor
        .insertInto('vip_ranks')
        .values(
          ranks.map((rank) => ({
            merchant_code: merchantCode,
            rank_level: rank.rankLevel,
            name: rank.name,
            color: rank.color,
            color2: rank.color2,
            min_turnover_minor: rank.minTurnoverMinor,
            min_deposit_minor: rank.minDepositMinor,
          })),
        )
        .execute();
    },

    async windowDays(executor: Db, merchantCode: string): Promise<number | undefined> {
      const row = await executor
        .selectFrom('vip_settings')
        .select('window_days')
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row?.window_days;
    },

    async saveWindowDays(executor: Db, merchantCode: string, windowDays: number) {
      await executor
        .insertInto('vip_settings')
        .values({ merchant_code: merchantCode, window_days: windowDays })
        .onConflict((conflict) =>
          conflict
            .column('merchant_code')
            .doUpdateSet({ window_days: windowDays, updated_at: sql`now()` }),
        )
        .execute();
    },

    /** Adds a batch's activity to the per-day rows: one statement. */
    async addActivity(executor: Db, rows: readonly DailyActivity[]) {
      if (rows.length === 0) return;
      await executor
        .insertInto('vip_member_daily')
        .values(
          rows.map((row) => ({
            member_id: row.memberId,
            merchant_code: row.merchantCode,
            day: row.day,
            turnover_minor: row.turnoverMinor,
            deposit_minor: row.depositMinor,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['member_id', 'day']).doUpdateSet({
            turnover_minor: sql`vip_member_daily.turnover_minor + excluded.turnover_minor`,
            deposit_minor: sql`vip_member_daily.deposit_minor + excluded.deposit_minor`,
          }),
        )
        .execute();
    },

    /**
     * Places these members (all when `memberIds` is null) at the highest rank of their merchant
     * whose turnover and deposit minimums the window's sums reach (0: no rank), in one statement.
     */
    async evaluate(
      executor: Db,
      memberIds: readonly bigint[] | null,
      defaultWindowDays: number,
    ): Promise<number> {
      const members =
        memberIds === null
          ? sql`TRUE`
          : sql`d.member_id = ANY(${memberIds.map((id) => id.toString())}::bigint[])`;
      const result = await sql`
        WITH sums AS (
          SELECT d.member_id, d.merchant_code,
            sum(d.turnover_minor) AS turnover, sum(d.deposit_minor) AS deposit
          FROM vip_member_daily d
          LEFT JOIN vip_settings s ON s.merchant_code = d.merchant_code
          WHERE ${members}
            AND d.day > (now() AT TIME ZONE 'UTC')::date - coalesce(s.window_days, ${defaultWindowDays}::int)
          GROUP BY d.member_id, d.merchant_code
        ), everyone AS (
          SELECT member_id, merchant_code FROM vip_member_ranks r
          WHERE ${memberIds === null ? sql`TRUE` : sql`r.member_id = ANY(${(memberIds ?? []).map((id) => id.toString())}::bigint[])`}
          UNION SELECT member_id, merchant_code FROM sums
        ), best AS (
          SELECT e.member_id, e.merchant_code, coalesce(max(k.rank_level), 0) AS rank_level
          FROM everyone e
          LEFT JOIN sums ON sums.member_id = e.member_id
          LEFT JOIN vip_ranks k ON k.merchant_code = e.merchant_code
            AND k.min_turnover_minor <= coalesce(sums.turnover, 0)
            AND k.min_deposit_minor <= coalesce(sums.deposit, 0)
          GROUP BY e.member_id, e.merchant_code
        )
        INSERT INTO vip_member_ranks (member_id, merchant_code, rank_level, evaluated_at)
        SELECT member_id, merchant_code, rank_level, now() FROM best
        ON CONFLICT (member_id) DO UPDATE
          SET rank_level = excluded.rank_level, evaluated_at = excluded.evaluated_at
      `.execute(executor);
      return Number(result.numAffectedRows ?? 0n);
    },

    async rankOf(
      executor: Db,
      memberId: bigint,
    ): Promise<(VipRank & { merchantCode: string }) | { rankLevel: 0 }> {
      const row = await executor
        .selectFrom('vip_member_ranks as m')
        .leftJoin('vip_ranks as k', (join) =>
          join
            .onRef('k.merchant_code', '=', 'm.merchant_code')
            .onRef('k.rank_level', '=', 'm.rank_level'),
        )
        .select([
          'm.merchant_code',
          'm.rank_level',
          'k.name',
          'k.color',
          'k.color2',
          'k.min_turnover_minor',
          'k.min_deposit_minor',
        ])
        .where('m.member_id', '=', memberId)
        .executeTakeFirst();
      if (!row || row.rank_level === 0 || row.name === null) return { rankLevel: 0 };
      return {
        merchantCode: row.merchant_code,
        rankLevel: row.rank_level,
        name: row.name,
        color: row.color ?? '#000000',
        color2: row.color2 ?? '#000000',
        minTurnoverMinor: row.min_turnover_minor ?? 0n,
        minDepositMinor: row.min_deposit_minor ?? 0n,
      };
    },
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;
