import { builtinFreeSpinsCall, builtinPlayFreeSpinCall } from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import {
  BUILTIN_PLAY_RATE_LIMIT,
  BUILTIN_READ_RATE_LIMIT,
  type BuiltinGamesService,
} from '../builtin-games/index.js';
import { merchantOf } from '../system/index.js';
import type { FreeSpinsService } from './service.js';

/** The play shell's free-spin calls, rate-limited per member like its other reads and rounds. */
export function registerFreeSpinsRoutes(
  registerCall: RegisterCall,
  deps: {
    freeSpins: FreeSpinsService;
    builtinGames: Pick<BuiltinGamesService, 'memberOf'>;
    rateLimit: RateLimiter;
  },
): void {
  const { freeSpins, builtinGames, rateLimit } = deps;
  registerCall(builtinFreeSpinsCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    const memberId = await builtinGames.memberOf(body.gameSession, merchant);
    await rateLimit(BUILTIN_READ_RATE_LIMIT, memberId.toString());
    return freeSpins.available(body.gameSession, merchant);
  });
  registerCall(builtinPlayFreeSpinCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    const memberId = await builtinGames.memberOf(body.gameSession, merchant);
    await rateLimit(BUILTIN_PLAY_RATE_LIMIT, memberId.toString());
    return freeSpins.play(body.gameSession, merchant, {
      grantId: body.grantId,
      clientRoundId: body.clientRoundId,
    });
  });
}
