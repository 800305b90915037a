import {
  type AdminLotteryGame,
  type AdminLotteryGameSettings,
  amountToMinor,
  LOTTERY_GAMES_PAGE_SIZE_MAX,
  minorToAmount,
  type RouteValue,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import type { OperatorActor } from './operators.js';
import type { LotteryRepository } from './repository.js';
import type { LotteryGameRecord } from './types.js';

/** The console's lottery games: their schedule and limits, read and changed by operators. */
export interface LotteryGameSettings {
  /** A page of the merchant's games (enabled or not) after `afterId`, by id. */
  listGames(
    merchantCode: string,
    page: { afterId?: number | undefined; pageSize: number },
  ): Promise<RouteValue<'adminLotteryGames'>>;
  /**
   * Changes a game's schedule and limits, audited in the same transaction. Draws already
   * planned keep their times; the scheduler plans the next ones from the new schedule.
   */
  configureGame(
    actor: OperatorActor,
    gameCode: string,
    settings: AdminLotteryGameSettings,
  ): Promise<AdminLotteryGame>;
}

function presentGame(game: LotteryGameRecord): AdminLotteryGame {
  return {
    id: Number(game.id),
    gameCode: game.gameCode,
    name: game.names.en ?? Object.values(game.names)[0] ?? game.gameCode,
    area: game.area,
    format: game.format,
    source: game.source,
    schedule: game.schedule,
    closeOffsetSeconds: game.closeOffsetSeconds,
    minStake: minorToAmount(game.minStakeMinor),
    maxStake: minorToAmount(game.maxStakeMinor),
    maxLiability: minorToAmount(game.maxLiabilityMinor),
    enabled: game.enabled,
  };
}

/** What the audit log keeps of a game's settings. */
function auditView(game: LotteryGameRecord) {
  const { schedule, closeOffsetSeconds, minStake, maxStake, maxLiability, enabled } =
    presentGame(game);
  return { schedule, closeOffsetSeconds, minStake, maxStake, maxLiability, enabled };
}

/** The schedule after the change: an interval game's interval, a daily game's time of day. */
function newSchedule(
  schedule: LotteryGameRecord['schedule'],
  settings: AdminLotteryGameSettings,
): LotteryGameRecord['schedule'] {
  if (schedule.kind === 'interval' && settings.intervalSeconds !== undefined) {
    return { kind: 'interval', intervalSeconds: settings.intervalSeconds };
  }
  if (schedule.kind === 'daily' && settings.dailyTime !== undefined) {
    return { ...schedule, time: settings.dailyTime };
  }
  return schedule;
}

/** The new settings in the game's terms, or LOTTERY_GAME_LIMITS_INVALID when they clash. */
function newSettings(game: LotteryGameRecord, settings: AdminLotteryGameSettings) {
  const minStakeMinor = amountToMinor(settings.minStake);
  const maxStakeMinor = amountToMinor(settings.maxStake);
  const maxLiabilityMinor = amountToMinor(settings.maxLiability);
  const schedule = newSchedule(game.schedule, settings);
  // Betting must close before the next draw opens, or two draws would take bets at once.
  const closesTooEarly =
    schedule.kind === 'interval' && settings.closeOffsetSeconds >= schedule.intervalSeconds;
  if (minStakeMinor > maxStakeMinor || maxLiabilityMinor < maxStakeMinor || closesTooEarly) {
    throw new AppError('LOTTERY_GAME_LIMITS_INVALID');
  }
  return {
    schedule,
    closeOffsetSeconds: settings.closeOffsetSeconds,
    minStakeMinor,
    maxStakeMinor,
    maxLiabilityMinor,
    enabled: settings.enabled,
  };
}

export function createLotteryGameSettings(deps: {
  repository: LotteryRepository;
  audit: AuditService;
}): LotteryGameSettings {
  const { repository, audit } = deps;
  return {
    async listGames(merchantCode, page) {
      const pageSize = Math.min(page.pageSize, LOTTERY_GAMES_PAGE_SIZE_MAX);
      const games = await repository.adminGamePage(
        merchantCode,
        BigInt(page.afterId ?? 0),
        pageSize,
      );
      const last = games.at(-1);
      return {
        list: games.map(presentGame),
        nextAfterId: games.length === pageSize && last ? Number(last.id) : null,
      };
    },

    async configureGame(actor, gameCode, settings) {
      const after = await repository.transaction(async (executor) => {
        // Another merchant's game answers as unknown: the lookup is by the actor's merchant.
        const before = await repository.gameForUpdateWithin(executor, actor.merchantCode, gameCode);
        if (!before) throw new AppError('LOTTERY_GAME_UNKNOWN');
        const changed = await repository.updateGameWithin(
          executor,
          before.id,
          newSettings(before, settings),
        );
        if (!changed) throw new AppError('LOTTERY_GAME_UNKNOWN');
        await audit.recordWithin(executor, {
          merchantCode: actor.merchantCode,
          operatorId: actor.id,
          operatorUsername: actor.username,
          operatorRole: actor.role,
          action: 'lottery.game.configure',
          subjectType: 'lottery_game',
          subjectId: before.gameCode,
          before: auditView(before),
          after: auditView(changed),
          ip: actor.ip,
        });
        return changed;
      });
      return presentGame(after);
    },
  };
}
