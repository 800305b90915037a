import type { GameCategory, GameRoundStatus } from '@app/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { countAll, sumBigint } from '../../../db/sql-numbers.js';
import type { Database } from '../../../db/types.js';

/**
 * Read-only queries on `game_rounds` for the member's betting records (module `game-records`)
 * and for the play rollups' consumer. Every query is scoped to one member of one merchant,
 * except `startedAtOf`, which looks rounds up by their unique key.
 */

/** Whose rounds, which ones: started in [from, to), with optional filters. */
export interface RoundFilter {
  merchantCode: string;
  memberId: bigint;
  from: Date;
  to: Date;
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  status?: GameRoundStatus | undefined;
}

/** A round as the records show it (names come from the games module). */
export interface RoundRecord {
  id: bigint;
  roundRef: string;
  vassalage: string;
  nodeId: bigint | null;
  gameType: GameCategory;
  status: GameRoundStatus;
  stakeMinor: bigint;
  winMinor: bigint;
  refundedMinor: bigint;
  currency: string;
  startedAt: Date;
  settledAt: Date | null;
}

/** A provider's round key: unique per provider. */
export interface RoundKey {
  vassalage: string;
  roundRef: string;
}

/** Sums of the rounds of one calendar day (of the query's zone) and category. */
export interface RoundSumsCell {
  day: string;
  gameType: GameCategory;
  rounds: number;
  stakeMinor: bigint;
  winMinor: bigint;
  refundedMinor: bigint;
}

/**
 * Which rounds of a filter to sum raw, the rest being in the play rollups: every round that
 * started in `intervals` (each [start, end), disjoint, inside the filter's range), and
 * elsewhere in the range only the rounds that are not settled (never rolled up) and the settled
 * rounds named in `unappliedRounds` (settled, not yet applied by the rollups' consumer).
 */
export interface RawPart {
  intervals: ReadonlyArray<readonly [Date, Date]>;
  unappliedRounds: readonly RoundKey[];
}

type RoundsScope = ExpressionBuilder<Database, 'game_rounds'>;

function whereFilter(filter: RoundFilter) {
  return (eb: RoundsScope) =>
    eb.and([
      eb('game_rounds.merchant_code', '=', filter.merchantCode),
      eb('game_rounds.member_id', '=', filter.memberId),
      eb('game_rounds.started_at', '>=', filter.from),
      eb('game_rounds.started_at', '<', filter.to),
      ...(filter.gameType ? [eb('game_rounds.game_type', '=', filter.gameType)] : []),
      ...(filter.vassalage ? [eb('game_rounds.vassalage', '=', filter.vassalage)] : []),
      ...(filter.status ? [eb('game_rounds.status', '=', filter.status)] : []),
    ]);
}

const roundColumns = [
  'game_rounds.id',
  'game_rounds.round_ref',
  'game_rounds.vassalage',
  'game_rounds.node_id',
  'game_rounds.game_type',
  'game_rounds.status',
  'game_rounds.stake_minor',
  'game_rounds.win_minor',
  'game_rounds.refunded_minor',
  'game_rounds.currency',
  'game_rounds.started_at',
  'game_rounds.settled_at',
] as const;

interface RoundRow {
  id: bigint;
  round_ref: string;
  vassalage: string;
  node_id: bigint | null;
  game_type: GameCategory;
  status: GameRoundStatus;
  stake_minor: bigint;
  win_minor: bigint;
  refunded_minor: bigint;
  currency: string;
  started_at: Date;
  settled_at: Date | null;
}

function recordOf(row: RoundRow): RoundRecord {
  return {
    id: row.id,
    roundRef: row.round_ref,
    vassalage: row.vassalage,
    nodeId: row.node_id === null ? null : row.node_id,
    gameType: row.game_type,
    status: row.status,
    stakeMinor: row.stake_minor,
    winMinor: row.win_minor,
    refundedMinor: row.refunded_minor,
    currency: row.currency,
    startedAt: new Date(row.started_at),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  };
}

/**
 * Whether `started_at` falls in one of the intervals: an OR of ranges, which PostgreSQL scans
 * as one index range each (a BitmapOr on game_rounds_member_idx).
 */
function inIntervals(intervals: RawPart['intervals']) {
  if (intervals.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    intervals.map(
      ([start, end]) =>
        sql`(game_rounds.started_at >= ${start} AND game_rounds.started_at < ${end})`,
    ),
    sql` OR `,
  )})`;
}

/** The member's rounds for the betting records (reads `game_rounds` of this module). */
export function createRoundRecords(db: Db) {
  return {
    /**
     * One page of the member's rounds, newest first. The page's ids come first from
     * game_rounds_member_idx alone (it INCLUDEs every column the filter tests, so a deep offset
     * skips index entries, not rows), then only those rounds are read ("deferred join").
     */
    async page(filter: RoundFilter, page: { limit: number; offset: number }) {
      const ids = await db
        .selectFrom('game_rounds')
        .select('game_rounds.id')
        .where(whereFilter(filter))
        .orderBy('game_rounds.started_at', 'desc')
        .orderBy('game_rounds.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('game_rounds')
        .select(roundColumns)
        .where(
          'game_rounds.id',
          'in',
          ids.map((row) => row.id),
        )
        .orderBy('game_rounds.started_at', 'desc')
        .orderBy('game_rounds.id', 'desc')
        .execute();
      return rows.map(recordOf);
    },

    /** How many rounds the filter holds (the pager's total). */
    async count(filter: RoundFilter): Promise<number> {
      const row = await db
        .selectFrom('game_rounds')
        .select(countAll().as('rounds'))
        .where(whereFilter(filter))
        .executeTakeFirstOrThrow();
      return Number(row.rounds);
    },

    /**
     * Sums of the rounds `part` selects within the filter, per calendar day of `timeZone` (by
     * start time) and category. Three disjoint scans, each on an index: rounds started in the
     * intervals (game_rounds_member_idx), rounds not settled (game_rounds_member_unsettled_idx)
     * and the unapplied settled rounds by key; an unknown zone throws PostgreSQL's 22023.
     */
    async rawSums(filter: RoundFilter, part: RawPart, timeZone: string): Promise<RoundSumsCell[]> {
      const refs = part.unappliedRounds.map((key) => key.roundRef);
      const vassalages = part.unappliedRounds.map((key) => key.vassalage);
      const inRaw = inIntervals(part.intervals);
      const base = () =>
        db
          .selectFrom('game_rounds')
          .select([
            'game_rounds.game_type',
            'game_rounds.started_at',
            'game_rounds.stake_minor',
            'game_rounds.win_minor',
            'game_rounds.refunded_minor',
          ])
          .where(whereFilter(filter));
      const selected = base()
        .where(inRaw)
        .unionAll(
          base()
            // A literal, so that the planner may prove game_rounds_member_unsettled_idx applies.
            .where(sql<boolean>`game_rounds.status <> 'settled'`)
            .where((eb) => eb.not(inRaw)),
        )
        .unionAll(
          base()
            .where(sql<boolean>`game_rounds.status = 'settled'`)
            .where(
              sql<boolean>`(game_rounds.vassalage, game_rounds.round_ref) IN (
                SELECT * FROM unnest(${vassalages}::text[], ${refs}::text[]))`,
            )
            .where((eb) => eb.not(inRaw)),
        );
      const rows = await db
        .selectFrom(selected.as('r'))
        .select([
          sql<string>`to_char((r.started_at AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD')`.as(
            'day',
          ),
          'r.game_type',
          countAll().as('rounds'),
          sumBigint('r.stake_minor').as('stake_minor'),
          sumBigint('r.win_minor').as('win_minor'),
          sumBigint('r.refunded_minor').as('refunded_minor'),
        ])
        .groupBy([sql`1`, 'r.game_type'])
        .execute();
      return rows.map((row) => ({
        day: row.day,
        gameType: row.game_type,
        rounds: row.rounds,
        stakeMinor: row.stake_minor,
        winMinor: row.win_minor,
        refundedMinor: row.refunded_minor,
      }));
    },

    /** The member's categories and vendors since `since`. */
    async playedKinds(merchantCode: string, memberId: bigint, since: Date) {
      const rows = await db
        .selectFrom('game_rounds')
        .select(['game_rounds.game_type', 'game_rounds.vassalage'])
        .distinct()
        .where('game_rounds.merchant_code', '=', merchantCode)
        .where('game_rounds.member_id', '=', memberId)
        .where('game_rounds.started_at', '>=', since)
        .execute();
      return rows.map((row) => ({ gameType: row.game_type, vassalage: row.vassalage }));
    },

    /**
     * One round of the member with its detail, by id, or the newest when `roundId` is null;
     * undefined when the member has no such round (another member's id included).
     */
    async round(
      merchantCode: string,
      memberId: bigint,
      roundId: bigint | null,
    ): Promise<(RoundRecord & { detail: Record<string, unknown> }) | undefined> {
      let query = db
        .selectFrom('game_rounds')
        .select([...roundColumns, 'game_rounds.detail'])
        .where('game_rounds.merchant_code', '=', merchantCode)
        .where('game_rounds.member_id', '=', memberId);
      query =
        roundId === null
          ? query.orderBy('game_rounds.started_at', 'desc').orderBy('game_rounds.id', 'desc')
          : query.where('game_rounds.id', '=', roundId);
      const row = await query.limit(1).executeTakeFirst();
      return row && { ...recordOf(row), detail: row.detail ?? {} };
    },

    /** When each of these rounds started, by `vassalage|roundRef` (unknown keys are absent). */
    async startedAtOf(keys: readonly RoundKey[]): Promise<Map<string, Date>> {
      if (keys.length === 0) return new Map();
      const result = await sql<{ vassalage: string; round_ref: string; started_at: Date }>`
        SELECT r.vassalage, r.round_ref, r.started_at FROM game_rounds r
        WHERE (r.vassalage, r.round_ref) IN (
          SELECT * FROM unnest(${keys.map((key) => key.vassalage)}::text[],
            ${keys.map((key) => key.roundRef)}::text[]))
      `.execute(db);
      return new Map(
        result.rows.map((row) => [roundKeyOf(row.vassalage, row.round_ref), row.started_at]),
      );
    },
  };
}

/** The map key of a round in `startedAtOf`'s answer. */
export function roundKeyOf(vassalage: string, roundRef: string): string {
  return `${vassalage}|${roundRef}`;
}

export type RoundRecords = ReturnType<typeof createRoundRecords>;
