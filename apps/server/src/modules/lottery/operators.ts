import {
  type AdminLotteryDraw,
  type LotteryDrawStatus,
  type LotteryFormat,
  type LotteryResult,
  minorToAmount,
  pageTotals,
  type RouteValue,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import type { LotteryEngine } from './engine.js';
import { resultProblem } from './maths.js';
import { presentDraw } from './presenters.js';
import type { LotteryRepository } from './repository.js';

type LotteryDrawChanges = ReturnType<LotteryRepository['operatorChangesWithin']>;

import type { LotteryDrawRecord } from './types.js';

export interface OperatorActor {
  id: bigint;
  merchantCode: string;
  /** Name and role as they were when the operator acted: the audit entry carries both. */
  username: string;
  role: string;
  ip: string | null;
}

function present(
  draw: LotteryDrawRecord,
  extra: { source: 'house' | 'real'; format: LotteryFormat; betCount: number; stakeMinor: bigint },
): AdminLotteryDraw {
  return {
    ...presentDraw(draw),
    source: extra.source,
    format: extra.format,
    enteredByOperatorId: draw.enteredBy === null ? null : Number(draw.enteredBy),
    confirmedByOperatorId: draw.confirmedBy === null ? null : Number(draw.confirmedBy),
    voidReason: draw.voidReason,
    betCount: extra.betCount,
    stakeTotal: minorToAmount(extra.stakeMinor),
  };
}

/** What operators see in the audit log of a draw (never the seed of an undrawn house draw). */
function auditView(draw: LotteryDrawRecord) {
  return {
    status: draw.status,
    drawNo: draw.drawNo,
    gameCode: draw.gameCode,
    enteredResult: draw.enteredResult,
    result: draw.result,
    voidReason: draw.voidReason,
  };
}

/**
 * Operator actions on draws: list, enter a real draw's result, confirm it by another operator
 * (four eyes; settlement follows), void a draw (refunds follow). Each change commits with its
 * audit entry; publishing, settlement and refunds follow the commit (each is driven by the
 * draw's status, so the scheduler finishes them after a crash).
 */
/** The operator console's lottery draws: list, enter and confirm results, void. */
export interface LotteryOperators {
  /** A page of the merchant's draws, of one game or status if asked. */
  list(
    merchantCode: string,
    filter: { gameCode?: string | undefined; status?: LotteryDrawStatus | undefined },
    page: { pageNo: number; pageSize: number },
  ): Promise<RouteValue<'adminLotteryDraws'>>;
  /** Enters a real game's result, checked against its format, audited; another operator confirms it. */
  enterResult(
    actor: OperatorActor,
    drawId: bigint,
    result: LotteryResult,
  ): Promise<AdminLotteryDraw>;
  /** Confirms an entered result (never by who entered it), publishes and settles the draw, audited. */
  confirmResult(actor: OperatorActor, drawId: bigint): Promise<AdminLotteryDraw>;
  /** Voids a draw with a reason, publishes it and refunds its bets, audited. */
  voidDraw(actor: OperatorActor, drawId: bigint, reason: string): Promise<AdminLotteryDraw>;
}

export function createLotteryOperators(deps: {
  repository: LotteryRepository;
  engine: LotteryEngine;
  audit: AuditService;
}): LotteryOperators {
  const { repository, engine, audit } = deps;

  async function drawOrThrow(merchantCode: string, drawId: bigint): Promise<LotteryDrawRecord> {
    const draw = await repository.drawById(merchantCode, drawId);
    if (!draw) throw new AppError('LOTTERY_DRAW_UNKNOWN');
    return draw;
  }

  async function adminView(merchantCode: string, drawId: bigint): Promise<AdminLotteryDraw> {
    const draw = await drawOrThrow(merchantCode, drawId);
    const game = await repository.gameById(draw.gameId);
    if (!game) throw new Error(`lottery game ${draw.gameId} missing`);
    const stats = await repository.drawStats(draw.id);
    return present(draw, { source: game.source, format: game.format, ...stats });
  }

  /**
   * Runs the draw's change and writes its audit entry in one transaction: a change that is
   * not recorded does not happen. Answers the changed draw, or undefined when the update
   * found the draw in another state (nothing is recorded then).
   */
  function changeAudited(
    actor: OperatorActor,
    action: string,
    before: LotteryDrawRecord,
    change: (draws: LotteryDrawChanges) => Promise<LotteryDrawRecord | undefined>,
  ): Promise<LotteryDrawRecord | undefined> {
    return repository.transaction(async (executor) => {
      const after = await change(repository.operatorChangesWithin(executor));
      if (!after) return undefined;
      await audit.recordWithin(executor, {
        merchantCode: actor.merchantCode,
        operatorId: actor.id,
        operatorUsername: actor.username,
        operatorRole: actor.role,
        action,
        subjectType: 'lottery_draw',
        subjectId: before.id.toString(),
        before: auditView(before),
        after: auditView(after),
        ip: actor.ip,
      });
      return after;
    });
  }

  return {
    async list(merchantCode, filter, page) {
      const found = await repository.adminDrawPage(merchantCode, filter, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return {
        list: found.list.map((draw) => present(draw, draw)),
        pageNo: page.pageNo,
        ...pageTotals(found.totalCount, page.pageSize),
      };
    },

    async enterResult(actor, drawId, result) {
      const before = await drawOrThrow(actor.merchantCode, drawId);
      const game = await repository.gameById(before.gameId);
      if (game?.source !== 'real') throw new AppError('LOTTERY_DRAW_STATE');
      const problem = resultProblem(game.format, result);
      if (problem) throw new AppError('LOTTERY_RESULT_INVALID', { field: problem });
      const after = await changeAudited(actor, 'lottery.result.enter', before, (draws) =>
        draws.enterResult(actor.merchantCode, drawId, result, actor.id),
      );
      if (!after) throw new AppError('LOTTERY_DRAW_STATE');
      return adminView(actor.merchantCode, drawId);
    },

    async confirmResult(actor, drawId) {
      const before = await drawOrThrow(actor.merchantCode, drawId);
      if (before.status === 'entered' && before.enteredBy === actor.id) {
        throw new AppError('LOTTERY_SAME_OPERATOR');
      }
      const after = await changeAudited(actor, 'lottery.result.confirm', before, (draws) =>
        draws.confirmResult(actor.merchantCode, drawId, actor.id),
      );
      if (!after) {
        const now = await drawOrThrow(actor.merchantCode, drawId);
        if (now.status === 'entered' && now.enteredBy === actor.id) {
          throw new AppError('LOTTERY_SAME_OPERATOR');
        }
        throw new AppError('LOTTERY_DRAW_STATE');
      }
      await engine.publish('drawn', after);
      // Settlement runs now; the scheduler would also pick it up (each bet is settled once).
      await engine.settleDraw(drawId);
      return adminView(actor.merchantCode, drawId);
    },

    async voidDraw(actor, drawId, reason) {
      const before = await drawOrThrow(actor.merchantCode, drawId);
      const after = await changeAudited(actor, 'lottery.draw.void', before, (draws) =>
        draws.voidDraw(actor.merchantCode, drawId, reason),
      );
      if (!after) throw new AppError('LOTTERY_DRAW_STATE');
      await engine.publish('void', after);
      await engine.refundVoidDraw(drawId);
      return adminView(actor.merchantCode, drawId);
    },
  };
}
