import {
  LOTTERY_RECENT_GAMES_MAX,
  type LotteryArea,
  type LotteryBetStatus,
  type LotteryGame,
  type LotteryPrizeMode,
  type LotteryResult,
  lotteryAreaPaths,
  pageTotals,
  type RouteValue,
  type StakeProfile,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { LotteryBetRepository } from './bets/repository.js';
import { trendDigits, trendOf } from './maths.js';
import { presentBet, presentDraw, presentGame } from './presenters.js';
import type { LotteryRepository } from './repository.js';
import type { LotteryGameRecord } from './types.js';

/** Whose names, in which language: the call's, else the merchant's default. */
export interface LotteryScope {
  merchantCode: string;
  language: string;
  defaultLanguage: string;
  /** The merchant's stake profile for its currency: the slip's first and quick amounts. */
  stakeProfile: StakeProfile;
}

function gameView(game: LotteryGameRecord, scope: LotteryScope): LotteryGame {
  return presentGame(game, scope.language, scope.defaultLanguage, scope.stakeProfile);
}

/** A back URL is kept only when it is a path of this site (no open redirect). */
function sitePathOrNull(backUrl: string | undefined): string | null {
  if (!backUrl?.startsWith('/') || backUrl.startsWith('//')) return null;
  return backUrl;
}

/** Which of a member's bets to list. */
export interface MyBetsFilter {
  merchantCode: string;
  memberId: bigint;
  gameCode?: string | undefined;
  drawId?: number | undefined;
  status?: LotteryBetStatus | undefined;
}

/** A 1-based page. */
export interface LotteryPage {
  pageNo: number;
  pageSize: number;
}

/** The player-side reads of the lottery: games, draws, history, trend, my bets, launch. */
export interface LotteryReads {
  /** The merchant's enabled games, by area and prize mode. */
  games(
    scope: LotteryScope,
    filter: { area?: LotteryArea | undefined; prizeMode?: LotteryPrizeMode | undefined },
  ): Promise<{ list: LotteryGame[] }>;
  /** The games the member bet on last, newest first. */
  recentGames(
    scope: LotteryScope,
    memberId: bigint,
    prizeMode: LotteryPrizeMode | undefined,
  ): Promise<{ list: LotteryGame[] }>;
  /** A game's current, next and last draw with the server's clock. */
  currentDraw(merchantCode: string, gameCode: string): Promise<RouteValue<'lotteryCurrentDraw'>>;
  /** A page of a game's drawn (and void) draws, newest first. */
  history(
    merchantCode: string,
    gameCode: string,
    page: LotteryPage,
  ): Promise<RouteValue<'lotteryDrawHistory'>>;
  /** A game's last `count` results. */
  openedNumbers(
    merchantCode: string,
    gameCode: string,
    count: number,
  ): Promise<RouteValue<'lotteryOpenedNumbers'>>;
  /** The latest result of every game of the merchant. */
  openedNumero(
    merchantCode: string,
    prizeMode: LotteryPrizeMode | undefined,
  ): Promise<RouteValue<'lotteryOpenedNumero'>>;
  /** Digit frequencies and gaps over a game's last `count` results. */
  trend(merchantCode: string, gameCode: string, count: number): Promise<RouteValue<'lotteryTrend'>>;
  /** A page of the member's bets. */
  myBets(filter: MyBetsFilter, page: LotteryPage): Promise<RouteValue<'lotteryMyBets'>>;
  /** The lobby launch: our own page of the game's area, never an outside URL. */
  launch(
    merchantCode: string,
    input: { gameCode: string; backUrl?: string | undefined },
  ): Promise<RouteValue<'lotteryLaunch'>>;
}

export function createLotteryReads(deps: {
  repository: LotteryRepository;
  bets: LotteryBetRepository;
  now: () => number;
}): LotteryReads {
  const { repository, bets } = deps;

  async function gameOrThrow(merchantCode: string, gameCode: string): Promise<LotteryGameRecord> {
    const game = await repository.gameByCode(merchantCode, gameCode);
    if (!game?.enabled) throw new AppError('LOTTERY_GAME_UNKNOWN');
    return game;
  }

  /**
   * Each game as a player sees it: with its open draw's stake limits, which hold every bet of
   * that draw (the draw keeps the limits of its game when it was created), else the game's own.
   */
  async function withOpenDrawLimits(games: LotteryGameRecord[]): Promise<LotteryGameRecord[]> {
    const ids = games.map((game) => game.id);
    const limits = await repository.openDrawLimits(ids, new Date(deps.now()));
    return games.map((game) => ({ ...game, ...limits.get(game.id) }));
  }

  return {
    async games(scope, filter) {
      const games = await withOpenDrawLimits(await repository.games(scope.merchantCode, filter));
      return { list: games.map((game) => gameView(game, scope)) };
    },

    async recentGames(scope, memberId, prizeMode) {
      const ids = await repository.recentGameIds(
        scope.merchantCode,
        memberId,
        LOTTERY_RECENT_GAMES_MAX,
      );
      const games = await withOpenDrawLimits(
        await repository.games(scope.merchantCode, { prizeMode }),
      );
      const byId = new Map(games.map((game) => [game.id, game]));
      const list = ids
        .map((id) => byId.get(id))
        .filter((game): game is LotteryGameRecord => game !== undefined)
        .map((game) => gameView(game, scope));
      return { list };
    },

    async currentDraw(merchantCode, gameCode) {
      const game = await gameOrThrow(merchantCode, gameCode);
      const serverTimeMs = deps.now();
      const around = await repository.drawsAround(game.id, new Date(serverTimeMs));
      return {
        gameCode,
        serverTimeMs,
        current: around.current ? presentDraw(around.current) : null,
        next: around.next ? presentDraw(around.next) : null,
        last: around.last ? presentDraw(around.last) : null,
      };
    },

    async history(merchantCode, gameCode, page) {
      const game = await gameOrThrow(merchantCode, gameCode);
      const found = await repository.drawnPage(game.id, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
        withVoid: true,
      });
      return {
        list: found.list.map(presentDraw),
        pageNo: page.pageNo,
        ...pageTotals(found.totalCount, page.pageSize),
      };
    },

    async openedNumbers(merchantCode, gameCode, count) {
      const game = await gameOrThrow(merchantCode, gameCode);
      const found = await repository.drawnPage(game.id, {
        offset: 0,
        limit: count,
        withVoid: false,
      });
      return { gameCode, list: found.list.map(presentDraw) };
    },

    async openedNumero(merchantCode, prizeMode) {
      const draws = await repository.latestDrawnPerGame(merchantCode, prizeMode);
      return { list: draws.map(presentDraw) };
    },

    async trend(merchantCode, gameCode, count) {
      const game = await gameOrThrow(merchantCode, gameCode);
      const found = await repository.drawnPage(game.id, {
        offset: 0,
        limit: count,
        withVoid: false,
      });
      const newestFirst = found.list.filter((draw) => draw.result !== null);
      const results = newestFirst.map((draw) => draw.result as LotteryResult);
      const positions = trendOf(game.format, results).map((trend) => ({
        position: trend.position,
        values: trend.frequency.map((frequency, index) => ({
          value: String(trend.minDigit + index),
          frequency,
          missing: trend.missing[index] ?? results.length,
        })),
      }));
      return {
        gameCode,
        draws: [...newestFirst].reverse().map((draw) => ({
          drawNo: draw.drawNo,
          values: trendDigits(game.format, draw.result as LotteryResult),
        })),
        positions,
      };
    },

    async myBets(filter, page) {
      const found = await bets.memberBets(
        {
          merchantCode: filter.merchantCode,
          memberId: filter.memberId,
          gameCode: filter.gameCode,
          drawId: filter.drawId === undefined ? undefined : BigInt(filter.drawId),
          status: filter.status,
        },
        { offset: (page.pageNo - 1) * page.pageSize, limit: page.pageSize },
      );
      return {
        list: found.list.map(presentBet),
        pageNo: page.pageNo,
        ...pageTotals(found.totalCount, page.pageSize),
      };
    },

    /** SPEC §2 routing: the area's page on this site with the game and a back path. */
    async launch(merchantCode, input) {
      const game = await gameOrThrow(merchantCode, input.gameCode);
      const query = new URLSearchParams({ gameCode: game.gameCode });
      const backUrl = sitePathOrNull(input.backUrl);
      if (backUrl) query.set('backUrl', backUrl);
      return {
        game_url: `${lotteryAreaPaths[game.area]}?${query.toString()}`,
        area: game.area,
        gameCode: game.gameCode,
      };
    },
  };
}
