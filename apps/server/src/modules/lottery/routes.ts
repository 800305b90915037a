import {
  adminLotteryConfigureGameCall,
  adminLotteryConfirmResultCall,
  adminLotteryDrawsCall,
  adminLotteryEnterResultCall,
  adminLotteryGamesCall,
  adminLotteryVoidDrawCall,
  lotteryCancelBetCall,
  lotteryCurrentDrawCall,
  lotteryDrawHistoryCall,
  lotteryGameMenuCall,
  lotteryGamesCall,
  lotteryLaunchCall,
  lotteryMyBetsCall,
  lotteryOpenedNumbersCall,
  lotteryOpenedNumeroCall,
  lotteryPlaceSlipCall,
  lotteryRecentGamesCall,
  lotteryTrendCall,
  type Permission,
  parseLanguage,
  roleAllows,
  stakeProfileOf,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import { authOf } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { LotteryGameSettings } from './game-settings.js';
import type { LotteryOperators, OperatorActor } from './operators.js';
import type { LotteryReads, LotteryScope } from './service.js';
import type { LotterySlips } from './slips.js';

function scopeOf(request: FastifyRequest, language: string | undefined): LotteryScope {
  const merchant = merchantOf(request);
  return {
    merchantCode: merchant.code,
    language: language ?? parseLanguage(request.headers.language) ?? merchant.defaultGameLanguage,
    defaultLanguage: merchant.defaultGameLanguage,
    stakeProfile: stakeProfileOf(merchant.currency, merchant.builtinGames.stakeProfiles),
  };
}

/** The admin guard checked the permission already (operator-roles.ts); checked again here. */
function actorOf(request: FastifyRequest, permission: Permission): OperatorActor {
  const operator = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return {
    id: operator.id,
    merchantCode: operator.merchantCode,
    username: operator.username,
    role: operator.role,
    ip: request.ip,
  };
}

/** The player calls of the lottery (trial accounts bet with their demo cash, like any game). */
export function registerLotteryRoutes(
  registerCall: RegisterCall,
  deps: { reads: LotteryReads; slips: LotterySlips },
): void {
  const { reads, slips } = deps;

  registerCall(lotteryGameMenuCall, async ({ request, query }) =>
    reads.games(scopeOf(request, query.language), { prizeMode: query.prizeMode }),
  );
  registerCall(lotteryRecentGamesCall, async ({ request, query }) =>
    reads.recentGames(scopeOf(request, query.language), authOf(request).memberId, query.prizeMode),
  );
  registerCall(lotteryOpenedNumbersCall, async ({ request, query }) =>
    reads.openedNumbers(merchantOf(request).code, query.gameCode, query.count),
  );
  registerCall(lotteryOpenedNumeroCall, async ({ request, query }) =>
    reads.openedNumero(merchantOf(request).code, query.prizeMode),
  );
  registerCall(lotteryLaunchCall, async ({ request, body }) => {
    authOf(request);
    return reads.launch(merchantOf(request).code, body);
  });
  registerCall(lotteryGamesCall, async ({ request, query }) =>
    reads.games(scopeOf(request, query.language), { area: query.area }),
  );
  registerCall(lotteryCurrentDrawCall, async ({ request, query }) =>
    reads.currentDraw(merchantOf(request).code, query.gameCode),
  );
  registerCall(lotteryDrawHistoryCall, async ({ request, query }) =>
    reads.history(merchantOf(request).code, query.gameCode, query),
  );
  registerCall(lotteryTrendCall, async ({ request, query }) =>
    reads.trend(merchantOf(request).code, query.gameCode, query.count),
  );
  registerCall(lotteryPlaceSlipCall, async ({ request, body }) => {
    const merchant = merchantOf(request);
    return slips.placeSlip({
      merchantCode: merchant.code,
      currency: merchant.currency,
      memberId: authOf(request).memberId,
      request: body,
    });
  });
  registerCall(lotteryMyBetsCall, async ({ request, query }) =>
    reads.myBets(
      {
        merchantCode: merchantOf(request).code,
        memberId: authOf(request).memberId,
        gameCode: query.gameCode,
        drawId: query.drawId,
        status: query.status,
      },
      query,
    ),
  );
  registerCall(lotteryCancelBetCall, async ({ request, body }) =>
    slips.cancelBet({
      merchantCode: merchantOf(request).code,
      memberId: authOf(request).memberId,
      betId: BigInt(body.betId),
    }),
  );
}

/** The operator calls on draws (registered with the operator authenticate). */
export function registerLotteryAdminRoutes(
  registerAdminCall: RegisterCall,
  operators: LotteryOperators & LotteryGameSettings,
): void {
  registerAdminCall(adminLotteryDrawsCall, async ({ request, query }) => {
    const actor = actorOf(request, 'lottery:read');
    return operators.list(actor.merchantCode, query, query);
  });
  registerAdminCall(adminLotteryEnterResultCall, async ({ request, body }) =>
    operators.enterResult(actorOf(request, 'lottery:results'), BigInt(body.drawId), body.result),
  );
  registerAdminCall(adminLotteryConfirmResultCall, async ({ request, body }) =>
    operators.confirmResult(actorOf(request, 'lottery:results'), BigInt(body.drawId)),
  );
  registerAdminCall(adminLotteryVoidDrawCall, async ({ request, body }) =>
    operators.voidDraw(actorOf(request, 'lottery:void'), BigInt(body.drawId), body.reason),
  );
  registerAdminCall(adminLotteryGamesCall, async ({ request, query }) =>
    operators.listGames(actorOf(request, 'lottery:read').merchantCode, query),
  );
  registerAdminCall(adminLotteryConfigureGameCall, async ({ request, body }) => {
    const { gameCode, ...settings } = body;
    return operators.configureGame(actorOf(request, 'lottery:configure'), gameCode, settings);
  });
}
