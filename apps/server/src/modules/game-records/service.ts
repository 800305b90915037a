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
import { createGameNames } from '../games/index.js';
import { createRoundRecords, type RoundRecord } from '../providers/index.js';
import { type RoundSums, sumPeriod, UnknownTimeZoneError } from './period-sums.js';

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

/** A round with the names a record shows. */
type NamedRound = RoundRecord & {
  vendorName: string;
  gameCode: string | null;
  gameName: string | null;
};

function rowOf(round: NamedRound): GameRoundRow {
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

/** The game records service: rounds from the providers module, names from the games module. */
export function createGameRecordsService(db: Db): GameRecordsService {
  const rounds = createRoundRecords(db);
  const names = createGameNames(db);

  /** The rounds with their game names (in the viewer's language) and vendor names. */
  async function named<T extends RoundRecord>(
    viewer: RecordsViewer,
    list: readonly T[],
  ): Promise<(T & NamedRound)[]> {
    const nodeIds = [
      ...new Set(list.flatMap((round) => (round.nodeId === null ? [] : [round.nodeId]))),
    ];
    const [games, vendors] = await Promise.all([
      names.gameNames(nodeIds, viewer.language, viewer.fallbackLanguage),
      names.vendorNames(
        viewer.merchantCode,
        list.map((round) => round.vassalage),
      ),
    ]);
    return list.map((round) => {
      const game = round.nodeId === null ? undefined : games.get(round.nodeId);
      return {
        ...round,
        vendorName: vendors.get(round.vassalage) ?? round.vassalage,
        gameCode: game?.gameCode ?? null,
        gameName: game?.name ?? null,
      };
    });
  }

  async function detailOf(
    viewer: RecordsViewer,
    round: RoundRecord & { detail: Record<string, unknown> },
  ): Promise<GameRoundDetail> {
    const [withNames] = await named(viewer, [round]);
    if (!withNames) throw new Error('named() answers one round per round');
    return { ...rowOf(withNames), detail: round.detail };
  }

  /** Sums per day and category; an unknown zone is the caller's VALIDATION_FAILED. */
  async function cellsOf(filter: Parameters<typeof sumPeriod>[1], timeZone: string) {
    try {
      return await sumPeriod(db, filter, timeZone);
    } catch (error) {
      if (error instanceof UnknownTimeZoneError) {
        throw new AppError('VALIDATION_FAILED', { field: 'timeZone' });
      }
      throw error;
    }
  }

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
      const [page, cells] = await Promise.all([
        rounds.page(filter, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        cellsOf(filter, DEFAULT_TIME_ZONE),
      ]);
      const sums = noSums();
      for (const cell of cells) addSums(sums, cell);
      return {
        list: (await named(viewer, page)).map(rowOf),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        ...pageTotals(sums.rounds, query.pageSize),
        totals: totalsOf(sums),
        from: from.toISOString(),
        to: to.toISOString(),
      };
    },

    async filters(viewer, now = new Date()) {
      const kinds = await rounds.playedKinds(
        viewer.merchantCode,
        viewer.memberId,
        new Date(now.getTime() - GAME_RECORD_HISTORY_DAYS * DAY_MS),
      );
      const vendorNames = await names.vendorNames(
        viewer.merchantCode,
        kinds.map((kind) => kind.vassalage),
      );
      const played = new Set(kinds.map((kind) => kind.gameType));
      const vassalages = [...new Set(kinds.map((kind) => kind.vassalage))];
      return {
        gameTypes: gameCategories.filter((category) => played.has(category)),
        vendors: vassalages
          .map((vassalage) => ({ vassalage, name: vendorNames.get(vassalage) ?? vassalage }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },

    async personalProfit(viewer, query) {
      const { from, to } = gameRecordRange(query);
      const timeZone = checkTimeZone(query.timeZone);
      const cells = await cellsOf(
        { merchantCode: viewer.merchantCode, memberId: viewer.memberId, from, to },
        timeZone,
      );
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
      const round = await rounds.round(viewer.merchantCode, viewer.memberId, BigInt(roundId));
      if (!round) throw new AppError('NOT_FOUND', { field: 'roundId' });
      return detailOf(viewer, round);
    },

    async lastRound(viewer) {
      const round = await rounds.round(viewer.merchantCode, viewer.memberId, null);
      return { round: round ? await detailOf(viewer, round) : null };
    },
  };
}
