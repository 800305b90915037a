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
}

function gameView(game: LotteryGameRecord, scope: LotteryScope): LotteryGame {
  return presentGame(game, scope.language, scope.defaultLanguage);
}

/** A back URL is kept only when it is a path of this site (no open redirect). */
function sitePathOrNull(backUrl: string | undefined): string | null {
  if (!backUrl?.startsWith('/') || backUrl.startsWith('//')) return null;
  return backUrl;
}

/** The player-side reads of the lottery: games, draws, history, trend, my bets, launch. */
export function createLotteryReads(deps: {
  repository: LotteryRepository;
  bets: LotteryBetRepository;
  now: () => number;
}) {
  const { repository, bets } = deps;

  async function gameOrThrow(merchantCode: string, gameCode: string): Promise<LotteryGameRecord> {
    const game = await repository.gameByCode(merchantCode, gameCode);
    if (!game?.enabled) throw new AppError('LOTTERY_GAME_UNKNOWN');
    return game;
  }

  return {
    gameOrThrow,

    async games(
      scope: LotteryScope,
      filter: { area?: LotteryArea | undefined; prizeMode?: LotteryPrizeMode | undefined },
    ): Promise<{ list: LotteryGame[] }> {
      const games = await repository.games(scope.merchantCode, filter);
      return { list: games.map((game) => gameView(game, scope)) };
    },

    async recentGames(
      scope: LotteryScope,
      memberId: bigint,
      prizeMode: LotteryPrizeMode | undefined,
    ): Promise<{ list: LotteryGame[] }> {
      const ids = await repository.recentGameIds(
        scope.merchantCode,
        memberId,
        LOTTERY_RECENT_GAMES_MAX,
      );
      const games = await repository.games(scope.merchantCode, { prizeMode });
      const byId = new Map(games.map((game) => [game.id, game]));
      const list = ids
        .map((id) => byId.get(id))
        .filter((game): game is LotteryGameRecord => game !== undefined)
        .map((game) => gameView(game, scope));
      return { list };
    },

    async currentDraw(
      merchantCode: string,
      gameCode: string,
    ): Promise<RouteValue<'lotteryCurrentDraw'>> {
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

    async history(
      merchantCode: string,
      gameCode: string,
      page: { pageNo: number; pageSize: number },
    ): Promise<RouteValue<'lotteryDrawHistory'>> {
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

    async openedNumbers(merchantCode: string, gameCode: string, count: number) {
      const game = await gameOrThrow(merchantCode, gameCode);
      const found = await repository.drawnPage(game.id, {
        offset: 0,
        limit: count,
        withVoid: false,
      });
      return { gameCode, list: found.list.map(presentDraw) };
    },

    async openedNumero(merchantCode: string, prizeMode: LotteryPrizeMode | undefined) {
      const draws = await repository.latestDrawnPerGame(merchantCode, prizeMode);
      return { list: draws.map(presentDraw) };
    },

    async trend(
      merchantCode: string,
      gameCode: string,
      count: number,
    ): Promise<RouteValue<'lotteryTrend'>> {
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

    async myBets(
      filter: {
        merchantCode: string;
        memberId: bigint;
        gameCode?: string | undefined;
        drawId?: number | undefined;
        status?: LotteryBetStatus | undefined;
      },
      page: { pageNo: number; pageSize: number },
    ): Promise<RouteValue<'lotteryMyBets'>> {
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

    /** The lobby launch: our own page of the game's area (SPEC §2 routing), never an outside URL. */
    async launch(
      merchantCode: string,
      input: { gameCode: string; backUrl?: string | undefined },
    ): Promise<RouteValue<'lotteryLaunch'>> {
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

export type LotteryReads = ReturnType<typeof createLotteryReads>;
