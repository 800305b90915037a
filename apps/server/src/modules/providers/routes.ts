import { launchGameCall } from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { authOf } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import { GAME_LAUNCH_RATE_LIMIT, type LaunchService } from './service.js';

export function registerLaunchRoutes(
  registerCall: RegisterCall,
  deps: { launches: LaunchService; rateLimit: RateLimiter },
) {
  // Trial accounts may play: their demo cash is their balance (SPEC §6).
  registerCall(launchGameCall, async ({ body, request }) => {
    const { memberId } = authOf(request);
    await deps.rateLimit(GAME_LAUNCH_RATE_LIMIT, `member:${memberId}`);
    return deps.launches.launch({
      merchant: merchantOf(request),
      memberId,
      nodeId: body.nodeId,
      vassalage: body.vassalage,
      roomId: body.roomId,
      language: body.language,
      confirmTrans: body.confirmTrans,
    });
  });
}
