import {
  GAME_RECORD_HISTORY_DAYS,
  GAME_RECORD_RANGE_DEFAULT_DAYS,
  type GameCategory,
  type GameRecordFilters,
  type GameRecordTotals,
  type GameRoundDetail,
  type GameRoundRow,
  type GameRoundStatus,
  gameCategories,
  minorToAmount,
  type PersonalProfit,
  pageTotals,
  type RouteValue,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import {
  createGameRecordsRepository,
  type RoundRecord,
  type RoundSums,
  UnknownTimeZoneError,
} from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days are UTC days unless the caller names an IANA zone (the web sends the browser's). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Who asks, and in which language names are shown. */
export interface RecordsViewer {
  merchantCode: string;
  memberId: bigint;
  language: string;
  /** The merchant's default language: names missing in `language` come from it. */
  fallbackLanguage: string;
}

export interface RangeQuery {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * [from, to) of a records query: defaults filled (the last 7 days), the order checked, and the
 * start no earlier than the history the records keep online (GAME_RECORD_HISTORY_DAYS).
 */
export function gameRecordRange(query: RangeQuery, now = new Date()) {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from
    ? new Date(query.from)
    : new Date(to.getTime() - GAME_RECORD_RANGE_DEFAULT_DAYS * DAY_MS);
  if (from.getTime() >= to.getTime()) {
    throw new AppError('DATE_RANGE_INVALID', { field: 'from' });
  }
  if (from.getTime() < now.getTime() - GAME_RECORD_HISTORY_DAYS * DAY_MS) {
    throw new AppError('RECORD_RANGE_TOO_OLD', { field: 'from' });
  }
  return { from, to };
}

/** An IANA zone name this runtime knows; PostgreSQL's check follows in the query. */
export function checkTimeZone(timeZone: string | undefined): string {
  if (timeZone === undefined) return DEFAULT_TIME_ZONE;
  try {
    // Kept as named: ICU would answer a legacy alias (Asia/Saigon for Asia/Ho_Chi_Minh).
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    throw new AppError('VALIDATION_FAILED', { field: 'timeZone' });
  }
}

function totalsOf(sums: RoundSums): GameRecordTotals {
  return {
    rounds: sums.rounds,
    stake: minorToAmount(sums.stakeMinor),
    win: minorToAmount(sums.winMinor),
    refunded: minorToAmount(sums.refundedMinor),
    profit: minorToAmount(sums.winMinor + sums.refundedMinor - sums.stakeMinor),
  };
}

function addSums(into: RoundSums, more: RoundSums): void {
  into.rounds += more.rounds;
  into.stakeMinor += more.stakeMinor;
  into.winMinor += more.winMinor;
  into.refundedMinor += more.refundedMinor;
}

const noSums = (): RoundSums => ({ rounds: 0, stakeMinor: 0n, winMinor: 0n, refundedMinor: 0n });

function rowOf(round: RoundRecord): GameRoundRow {
  return {
    roundId: round.id.toString(),
    roundRef: round.roundRef,
    vassalage: round.vassalage,
    vendorName: round.vendorName,
    nodeId: round.nodeId === null ? null : Number(round.nodeId),
    gameCode: round.gameCode,
    gameName: round.gameName,
    gameType: round.gameType,
    status: round.status,
    stake: minorToAmount(round.stakeMinor),
    win: minorToAmount(round.winMinor),
    refunded: minorToAmount(round.refundedMinor),
    profit: minorToAmount(round.winMinor + round.refundedMinor - round.stakeMinor),
    currency: round.currency,
    startedAt: round.startedAt.toISOString(),
    settledAt: round.settledAt?.toISOString() ?? null,
  };
}

/** The betting record's query: a date range, filters and a page. */
export type BettingRecordsQuery = RangeQuery & {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  status?: GameRoundStatus | undefined;
  pageNo: number;
  pageSize: number;
};

/** A member's game history: rounds, filters, profit and loss. */
export interface GameRecordsService {
  /** Betting record (personalHistoryCopy): one page and the totals of the whole filter. */
  bettingRecords(
    viewer: RecordsViewer,
    query: BettingRecordsQuery,
  ): Promise<RouteValue<'bettingRecords'>>;
  /** What the betting record's filters offer: what the member played in the history window. */
  filters(viewer: RecordsViewer, now?: Date): Promise<GameRecordFilters>;
  /** Personal profit and loss: per day (of `timeZone`) and category, with totals. */
  personalProfit(
    viewer: RecordsViewer,
    query: RangeQuery & { timeZone?: string | undefined },
  ): Promise<PersonalProfit>;
  /** One of the member's rounds with its detail; any other id is NOT_FOUND. */
  round(viewer: RecordsViewer, roundId: string): Promise<GameRoundDetail>;
  /** The member's most recent round (last-game recall), or null before the first. */
  lastRound(viewer: RecordsViewer): Promise<{ round: GameRoundDetail | null }>;
}

/** The game records service on its own repository over `db`. */
export function createGameRecordsService(db: Db): GameRecordsService {
  const repository = createGameRecordsRepository(db);
  const namesOf = (viewer: RecordsViewer) => ({
    language: viewer.language,
    fallbackLanguage: viewer.fallbackLanguage,
  });

  return {
    async bettingRecords(viewer, query) {
      const { from, to } = gameRecordRange(query);
      const filter = {
        merchantCode: viewer.merchantCode,
        memberId: viewer.memberId,
        from,
        to,
        gameType: query.gameType,
        vassalage: query.vassalage,
        status: query.status,
      };
      const [rounds, sums] = await Promise.all([
        repository.page(filter, namesOf(viewer), {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        repository.sums(filter),
      ]);
      return {
        list: rounds.map(rowOf),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        ...pageTotals(sums.rounds, query.pageSize),
        totals: totalsOf(sums),
        from: from.toISOString(),
        to: to.toISOString(),
      };
    },

    async filters(viewer, now = new Date()) {
      const kinds = await repository.playedKinds(
        viewer.merchantCode,
        viewer.memberId,
        new Date(now.getTime() - GAME_RECORD_HISTORY_DAYS * DAY_MS),
      );
      const played = new Set(kinds.map((kind) => kind.gameType));
      const vendors = new Map(kinds.map((kind) => [kind.vassalage, kind.vendorName]));
      return {
        gameTypes: gameCategories.filter((category) => played.has(category)),
        vendors: [...vendors]
          .map(([vassalage, name]) => ({ vassalage, name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },

    async personalProfit(viewer, query) {
      const { from, to } = gameRecordRange(query);
      const timeZone = checkTimeZone(query.timeZone);
      let cells: Awaited<ReturnType<typeof repository.sumsByDayAndCategory>>;
      try {
        cells = await repository.sumsByDayAndCategory(
          { merchantCode: viewer.merchantCode, memberId: viewer.memberId, from, to },
          timeZone,
        );
      } catch (error) {
        if (error instanceof UnknownTimeZoneError) {
          throw new AppError('VALIDATION_FAILED', { field: 'timeZone' });
        }
        throw error;
      }
      const days = new Map<string, RoundSums>();
      const categories = new Map<GameCategory, RoundSums>();
      const totals = noSums();
      for (const cell of cells) {
        const day = days.get(cell.day) ?? noSums();
        addSums(day, cell);
        days.set(cell.day, day);
        const category = categories.get(cell.gameType) ?? noSums();
        addSums(category, cell);
        categories.set(cell.gameType, category);
        addSums(totals, cell);
      }
      return {
        list: cells.map((cell) => ({ day: cell.day, gameType: cell.gameType, ...totalsOf(cell) })),
        days: [...days].map(([day, sums]) => ({ day, ...totalsOf(sums) })),
        categories: gameCategories
          .filter((category) => categories.has(category))
          .map((gameType) => ({ gameType, ...totalsOf(categories.get(gameType) ?? noSums()) })),
        totals: totalsOf(totals),
        from: from.toISOString(),
        to: to.toISOString(),
        timeZone,
      };
    },

    async round(viewer, roundId) {
      const round = await repository.round(
        viewer.merchantCode,
        viewer.memberId,
        BigInt(roundId),
        namesOf(viewer),
      );
      if (!round) throw new AppError('NOT_FOUND', { field: 'roundId' });
      return { ...rowOf(round), detail: round.detail };
    },

    async lastRound(viewer) {
      const round = await repository.round(
        viewer.merchantCode,
        viewer.memberId,
        null,
        namesOf(viewer),
      );
      return { round: round ? { ...rowOf(round), detail: round.detail } : null };
    },
  };
}
