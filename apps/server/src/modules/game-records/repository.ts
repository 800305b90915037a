import type { GameCategory, GameRoundStatus } from '@app/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/types.js';

/** Whose rounds, which ones: every query of this module is scoped to one member of one merchant. */
export interface RoundFilter {
  merchantCode: string;
  memberId: bigint;
  from: Date;
  to: Date;
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  status?: GameRoundStatus | undefined;
}

export interface RoundRecord {
  id: bigint;
  roundRef: string;
  vassalage: string;
  vendorName: string;
  nodeId: bigint | null;
  gameCode: string | null;
  gameName: string | null;
  gameType: GameCategory;
  status: GameRoundStatus;
  stakeMinor: bigint;
  winMinor: bigint;
  refundedMinor: bigint;
  currency: string;
  startedAt: Date;
  settledAt: Date | null;
}

export interface RoundSums {
  rounds: number;
  stakeMinor: bigint;
  winMinor: bigint;
  refundedMinor: bigint;
}

/** PostgreSQL's answer to an unknown `AT TIME ZONE` name (invalid_parameter_value). */
const PG_INVALID_PARAMETER_VALUE = '22023';

export class UnknownTimeZoneError extends Error {}

type RoundsScope = ExpressionBuilder<Database, 'game_rounds'>;

function whereFilter(filter: RoundFilter) {
  return (eb: RoundsScope) =>
    eb.and([
      eb('game_rounds.merchant_code', '=', filter.merchantCode),
      eb('game_rounds.member_id', '=', filter.memberId.toString()),
      eb('game_rounds.started_at', '>=', filter.from),
      eb('game_rounds.started_at', '<', filter.to),
      ...(filter.gameType ? [eb('game_rounds.game_type', '=', filter.gameType)] : []),
      ...(filter.vassalage ? [eb('game_rounds.vassalage', '=', filter.vassalage)] : []),
      ...(filter.status ? [eb('game_rounds.status', '=', filter.status)] : []),
    ]);
}

const sumColumns = [
  sql<string>`count(*)`.as('rounds'),
  sql<string>`coalesce(sum(game_rounds.stake_minor), 0)`.as('stake_minor'),
  sql<string>`coalesce(sum(game_rounds.win_minor), 0)`.as('win_minor'),
  sql<string>`coalesce(sum(game_rounds.refunded_minor), 0)`.as('refunded_minor'),
] as const;

function sumsOf(row: {
  rounds: string;
  stake_minor: string;
  win_minor: string;
  refunded_minor: string;
}): RoundSums {
  return {
    rounds: Number(row.rounds),
    stakeMinor: BigInt(row.stake_minor),
    winMinor: BigInt(row.win_minor),
    refundedMinor: BigInt(row.refunded_minor),
  };
}

/** Reads `game_rounds` (written by the providers module) with game and vendor names. */
export function createGameRecordsRepository(db: Db) {
  /** Rounds with the names a record shows; names in `language`, else `fallbackLanguage`. */
  function roundsWithNames(language: string, fallbackLanguage: string) {
    return db
      .selectFrom('game_rounds')
      .leftJoin('games', 'games.node_id', 'game_rounds.node_id')
      .leftJoin('game_texts as asked', (join) =>
        join.onRef('asked.node_id', '=', 'game_rounds.node_id').on('asked.language', '=', language),
      )
      .leftJoin('game_texts as fallback', (join) =>
        join
          .onRef('fallback.node_id', '=', 'game_rounds.node_id')
          .on('fallback.language', '=', fallbackLanguage),
      )
      .leftJoin('game_vendors', (join) =>
        join
          .onRef('game_vendors.merchant_code', '=', 'game_rounds.merchant_code')
          .onRef('game_vendors.vassalage', '=', 'game_rounds.vassalage'),
      )
      .leftJoin('game_providers', 'game_providers.code', 'game_rounds.vassalage')
      .select([
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
        'games.game_code',
        sql<string | null>`coalesce(asked.name, fallback.name, games.game_code)`.as('game_name'),
        sql<string>`coalesce(game_vendors.name, game_providers.name, game_rounds.vassalage)`.as(
          'vendor_name',
        ),
      ]);
  }

  type NamedRow = Awaited<ReturnType<ReturnType<typeof roundsWithNames>['execute']>>[number];

  function recordOf(row: NamedRow): RoundRecord {
    return {
      id: BigInt(row.id),
      roundRef: row.round_ref,
      vassalage: row.vassalage,
      vendorName: row.vendor_name,
      nodeId: row.node_id === null ? null : BigInt(row.node_id),
      gameCode: row.game_code ?? null,
      gameName: row.game_name,
      gameType: row.game_type,
      status: row.status,
      stakeMinor: BigInt(row.stake_minor),
      winMinor: BigInt(row.win_minor),
      refundedMinor: BigInt(row.refunded_minor),
      currency: row.currency,
      startedAt: new Date(row.started_at),
      settledAt: row.settled_at === null ? null : new Date(row.settled_at),
    };
  }

  return {
    /** One page of the member's rounds, newest first (index game_rounds_member_idx). */
    async page(
      filter: RoundFilter,
      names: { language: string; fallbackLanguage: string },
      page: { limit: number; offset: number },
    ): Promise<RoundRecord[]> {
      const rows = await roundsWithNames(names.language, names.fallbackLanguage)
        .where(whereFilter(filter))
        .orderBy('game_rounds.started_at', 'desc')
        .orderBy('game_rounds.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map(recordOf);
    },

    /** Count and sums over every round of the filter. */
    async sums(filter: RoundFilter): Promise<RoundSums> {
      const row = await db
        .selectFrom('game_rounds')
        .select(sumColumns)
        .where(whereFilter(filter))
        .executeTakeFirstOrThrow();
      return sumsOf(row);
    },

    /** Sums per calendar day of `timeZone` (by start time) and category, days ascending. */
    async sumsByDayAndCategory(
      filter: RoundFilter,
      timeZone: string,
    ): Promise<(RoundSums & { day: string; gameType: GameCategory })[]> {
      const day = sql<string>`to_char((game_rounds.started_at AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD')`;
      try {
        const rows = await db
          .selectFrom('game_rounds')
          .select([day.as('day'), 'game_rounds.game_type', ...sumColumns])
          .where(whereFilter(filter))
          .groupBy([sql`1`, 'game_rounds.game_type'])
          .orderBy(sql`1`)
          .orderBy('game_rounds.game_type')
          .execute();
        return rows.map((row) => ({ day: row.day, gameType: row.game_type, ...sumsOf(row) }));
      } catch (error) {
        if ((error as { code?: string }).code === PG_INVALID_PARAMETER_VALUE) {
          throw new UnknownTimeZoneError(timeZone);
        }
        throw error;
      }
    },

    /** The member's categories and vendors since `since`, with the vendors' names. */
    async playedKinds(merchantCode: string, memberId: bigint, since: Date) {
      const rows = await db
        .selectFrom('game_rounds')
        .leftJoin('game_vendors', (join) =>
          join
            .onRef('game_vendors.merchant_code', '=', 'game_rounds.merchant_code')
            .onRef('game_vendors.vassalage', '=', 'game_rounds.vassalage'),
        )
        .leftJoin('game_providers', 'game_providers.code', 'game_rounds.vassalage')
        .select([
          'game_rounds.game_type',
          'game_rounds.vassalage',
          sql<string>`coalesce(game_vendors.name, game_providers.name, game_rounds.vassalage)`.as(
            'vendor_name',
          ),
        ])
        .distinct()
        .where('game_rounds.merchant_code', '=', merchantCode)
        .where('game_rounds.member_id', '=', memberId.toString())
        .where('game_rounds.started_at', '>=', since)
        .execute();
      return rows.map((row) => ({
        gameType: row.game_type,
        vassalage: row.vassalage,
        vendorName: row.vendor_name,
      }));
    },

    /**
     * One round of the member with its detail, by id, or the newest when `roundId` is null;
     * undefined when the member has no such round (another member's id included).
     */
    async round(
      merchantCode: string,
      memberId: bigint,
      roundId: bigint | null,
      names: { language: string; fallbackLanguage: string },
    ): Promise<(RoundRecord & { detail: Record<string, unknown> }) | undefined> {
      let query = roundsWithNames(names.language, names.fallbackLanguage)
        .select('game_rounds.detail')
        .where('game_rounds.merchant_code', '=', merchantCode)
        .where('game_rounds.member_id', '=', memberId.toString());
      query =
        roundId === null
          ? query.orderBy('game_rounds.started_at', 'desc').orderBy('game_rounds.id', 'desc')
          : query.where('game_rounds.id', '=', roundId.toString());
      const row = await query.limit(1).executeTakeFirst();
      return row && { ...recordOf(row), detail: row.detail ?? {} };
    },
  };
}

export type GameRecordsRepository = ReturnType<typeof createGameRecordsRepository>;
