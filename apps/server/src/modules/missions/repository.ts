import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAll } from '../../db/sql-numbers.js';
import type { MissionsTable } from '../../db/tables/loyalty-missions.js';
import type { MissionDefinition, ProgressState } from './progress.js';

type MissionRow = {
  id: bigint;
  merchant_code: string;
  period: MissionsTable['period'];
  goal_kind: MissionsTable['goal_kind'];
  game_category: string | null;
  target: bigint;
  reward_kind: MissionsTable['reward_kind'];
  reward_amount: bigint;
  titles: Record<string, string>;
  status: 'active' | 'paused';
  sort_order: number;
  updated_at: Date;
};

const missionColumns = [
  'id',
  'merchant_code',
  'period',
  'goal_kind',
  'game_category',
  'target',
  'reward_kind',
  'reward_amount',
  'titles',
  'status',
  'sort_order',
  'updated_at',
] as const;

function toMission(row: MissionRow): MissionDefinition {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    period: row.period,
    goalKind: row.goal_kind,
    gameCategory: row.game_category,
    target: row.target,
    rewardKind: row.reward_kind,
    rewardAmount: row.reward_amount,
    titles: row.titles,
    status: row.status,
    sortOrder: row.sort_order,
    updatedAt: row.updated_at,
  };
}

/** A stored progress row, with its claim. */
export interface StoredProgress extends ProgressState {
  claimedAt: Date | null;
  rewardTransferId: string | null;
}

/** What an operator writes of a mission. */
export interface MissionValues {
  period: MissionDefinition['period'];
  goalKind: MissionDefinition['goalKind'];
  gameCategory: string | null;
  target: bigint;
  rewardKind: MissionDefinition['rewardKind'];
  rewardAmount: bigint;
  titles: Record<string, string>;
  sortOrder: number;
}

function dayText(value: Date | string | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : value.toISOString().slice(0, 10);
}

/** Only this file names the tables `missions` and `mission_progress`. */
export function createMissionsRepository(db: Db) {
  return {
    /** Active missions of these merchants (the consumer's batch), in display order. */
    async activeOf(merchantCodes: readonly string[]): Promise<MissionDefinition[]> {
      if (merchantCodes.length === 0) return [];
      const rows = await db
        .selectFrom('missions')
        .select(missionColumns)
        .where('merchant_code', 'in', [...merchantCodes])
        .where('status', '=', 'active')
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map(toMission);
    },

    /** Every mission of a merchant (the console), active and paused. */
    async allOf(merchantCode: string, limit: number): Promise<MissionDefinition[]> {
      const rows = await db
        .selectFrom('missions')
        .select(missionColumns)
        .where('merchant_code', '=', merchantCode)
        .orderBy('sort_order')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toMission);
    },

    async find(merchantCode: string, id: bigint): Promise<MissionDefinition | undefined> {
      const row = await db
        .selectFrom('missions')
        .select(missionColumns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toMission(row) : undefined;
    },

    async countOf(merchantCode: string): Promise<number> {
      const row = await db
        .selectFrom('missions')
        .select(countAll().as('count'))
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    async insert(merchantCode: string, values: MissionValues): Promise<MissionDefinition> {
      const row = await db
        .insertInto('missions')
        .values({
          merchant_code: merchantCode,
          period: values.period,
          goal_kind: values.goalKind,
          game_category: values.gameCategory,
          target: values.target,
          reward_kind: values.rewardKind,
          reward_amount: values.rewardAmount,
          titles: JSON.stringify(values.titles),
          sort_order: values.sortOrder,
        })
        .returning(missionColumns)
        .executeTakeFirstOrThrow();
      return toMission(row);
    },

    async update(
      merchantCode: string,
      id: bigint,
      values: Partial<MissionValues> & { status?: 'active' | 'paused' },
    ): Promise<MissionDefinition | undefined> {
      const row = await db
        .updateTable('missions')
        .set({
          ...(values.period ? { period: values.period } : {}),
          ...(values.goalKind ? { goal_kind: values.goalKind } : {}),
          ...(values.gameCategory !== undefined ? { game_category: values.gameCategory } : {}),
          ...(values.target !== undefined ? { target: values.target } : {}),
          ...(values.rewardKind ? { reward_kind: values.rewardKind } : {}),
          ...(values.rewardAmount !== undefined ? { reward_amount: values.rewardAmount } : {}),
          ...(values.titles ? { titles: JSON.stringify(values.titles) } : {}),
          ...(values.sortOrder !== undefined ? { sort_order: values.sortOrder } : {}),
          ...(values.status ? { status: values.status } : {}),
          updated_at: new Date(),
        })
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id)
        .returning(missionColumns)
        .executeTakeFirst();
      return row ? toMission(row) : undefined;
    },

    /** The stored rows of these keys (the consumer's batch), in one statement. */
    async progressOf(
      keys: readonly { missionId: bigint; memberId: bigint; periodKey: string }[],
    ): Promise<StoredProgress[]> {
      if (keys.length === 0) return [];
      const tuples = keys.map(
        (key) =>
          sql`(${key.missionId.toString()}::bigint, ${key.memberId.toString()}::bigint, ${key.periodKey}::text)`,
      );
      const result = await sql<ProgressRow>`
        SELECT ${sql.join(progressSelect)} FROM mission_progress
        WHERE (mission_id, member_id, period_key) IN (${sql.join(tuples)})
      `.execute(db);
      return result.rows.map(toProgress);
    },

    /** A member's rows of these periods (the summary: the current period of each kind). */
    async memberProgress(memberId: bigint, periodKeys: readonly string[]) {
      const result = await sql<ProgressRow>`
        SELECT ${sql.join(progressSelect)} FROM mission_progress
        WHERE member_id = ${memberId.toString()}::bigint AND period_key = ANY(${[...periodKeys]}::text[])
      `.execute(db);
      return result.rows.map(toProgress);
    },

    /** Writes the batch's changed rows: one upsert. Claims are never touched here. */
    /** Sends these realtime payloads on `channel` when the caller's transaction commits. */
    async notify(channel: string, payloads: readonly string[]): Promise<void> {
      if (payloads.length === 0) return;
      await sql`SELECT pg_notify(${channel}, p) FROM unnest(${[...payloads]}::text[]) AS p`.execute(
        db,
      );
    },

    async saveProgress(states: readonly ProgressState[]): Promise<void> {
      if (states.length === 0) return;
      const rows = states.map(
        (state) =>
          sql`(${state.missionId.toString()}::bigint, ${state.memberId.toString()}::bigint, ${state.periodKey}::text, ${state.merchantCode}::text, ${state.progress.toString()}::bigint, ${state.lastLoginDay}::date, ${state.completedAt}::timestamptz)`,
      );
      await sql`
        INSERT INTO mission_progress AS p
          (mission_id, member_id, period_key, merchant_code, progress, last_login_day, completed_at)
        VALUES ${sql.join(rows)}
        ON CONFLICT (mission_id, member_id, period_key) DO UPDATE SET
          progress = excluded.progress,
          last_login_day = excluded.last_login_day,
          completed_at = coalesce(p.completed_at, excluded.completed_at),
          updated_at = now()
      `.execute(db);
    },

    /** The row of a claim, locked until the claim's transaction ends. */
    async lockProgress(missionId: bigint, memberId: bigint, periodKey: string) {
      const result = await sql<ProgressRow>`
        SELECT ${sql.join(progressSelect)} FROM mission_progress
        WHERE mission_id = ${missionId.toString()}::bigint
          AND member_id = ${memberId.toString()}::bigint AND period_key = ${periodKey}
        FOR UPDATE
      `.execute(db);
      const row = result.rows[0];
      return row ? toProgress(row) : undefined;
    },

    async markClaimed(
      missionId: bigint,
      memberId: bigint,
      periodKey: string,
      claim: { claimedAt: Date; rewardTransferId: string },
    ): Promise<void> {
      await db
        .updateTable('mission_progress')
        .set({
          claimed_at: claim.claimedAt,
          reward_transfer_id: claim.rewardTransferId,
          updated_at: new Date(),
        })
        .where('mission_id', '=', missionId)
        .where('member_id', '=', memberId)
        .where('period_key', '=', periodKey)
        .where('claimed_at', 'is', null)
        .execute();
    },

    /**
     * Members ranked by missions completed in [from, to): score, then who got there first.
     * Answers the first `limit` and the given member's own place.
     */
    async board(
      merchantCode: string,
      range: { from: Date; to: Date },
      limit: number,
      memberId: bigint,
    ) {
      const result = await sql<{
        member_id: bigint;
        score: number;
        rank: number;
      }>`
        WITH scores AS (
          SELECT member_id, count(*)::int AS score, max(completed_at) AS reached_at
          FROM mission_progress
          WHERE merchant_code = ${merchantCode} AND completed_at >= ${range.from}
            AND completed_at < ${range.to}
          GROUP BY member_id
        ), ranked AS (
          SELECT member_id, score,
            (row_number() OVER (ORDER BY score DESC, reached_at, member_id))::int AS rank
          FROM scores
        )
        SELECT member_id, score, rank FROM ranked
        WHERE rank <= ${limit} OR member_id = ${memberId.toString()}::bigint
        ORDER BY rank
      `.execute(db);
      return result.rows.map((row) => ({
        memberId: row.member_id,
        score: row.score,
        rank: row.rank,
      }));
    },
  };
}

interface ProgressRow {
  mission_id: bigint;
  member_id: bigint;
  period_key: string;
  merchant_code: string;
  progress: bigint;
  last_login_day: string | null;
  completed_at: Date | null;
  claimed_at: Date | null;
  reward_transfer_id: string | null;
}

const progressSelect = [
  sql`mission_id`,
  sql`member_id`,
  sql`period_key`,
  sql`merchant_code`,
  sql`progress`,
  sql`to_char(last_login_day, 'YYYY-MM-DD') AS last_login_day`,
  sql`completed_at`,
  sql`claimed_at`,
  sql`reward_transfer_id`,
];

function toProgress(row: ProgressRow): StoredProgress {
  return {
    missionId: row.mission_id,
    memberId: row.member_id,
    periodKey: row.period_key,
    merchantCode: row.merchant_code,
    progress: row.progress,
    lastLoginDay: dayText(row.last_login_day),
    completedAt: row.completed_at,
    claimedAt: row.claimed_at,
    rewardTransferId: row.reward_transfer_id,
  };
}
