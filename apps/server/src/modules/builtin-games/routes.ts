import {
  builtinActCall,
  builtinBalanceCall,
  builtinHistoryCall,
  builtinOpenCall,
  builtinPlayCall,
  builtinRotateSeedCall,
  builtinSeedsCall,
  builtinSessionCall,
  builtinSetClientSeedCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { merchantOf } from '../system/index.js';
import type { BuiltinGamesService } from './service.js';

/** Opening a game (spending a launch token, or a game session after a reload) per address. */
export const BUILTIN_OPEN_RATE_LIMIT: RateLimitRule = {
  name: 'builtin-open',
  limit: 30,
  windowMs: 60_000,
};
/** Rounds and steps per member: ten a second on average, for turbo and autoplay. */
export const BUILTIN_PLAY_RATE_LIMIT: RateLimitRule = {
  name: 'builtin-play',
  limit: 600,
  windowMs: 60_000,
};
/** Rotating the seeds or setting a client seed, per member. */
export const BUILTIN_SEED_CHANGE_RATE_LIMIT: RateLimitRule = {
  name: 'builtin-seed-change',
  limit: 10,
  windowMs: 60_000,
};
/** Reads (balance, history, seeds) per member. */
export const BUILTIN_READ_RATE_LIMIT: RateLimitRule = {
  name: 'builtin-read',
  limit: 240,
  windowMs: 60_000,
};

export function registerBuiltinGamesRoutes(
  registerCall: RegisterCall,
  deps: { builtinGames: BuiltinGamesService; rateLimit: RateLimiter },
): void {
  const { builtinGames: games, rateLimit } = deps;

  /** Rate-limits by member once the session is known (a bad session is refused first). */
  async function limitMember(rule: RateLimitRule, request: FastifyRequest, token: string) {
    const memberId = await games.memberOf(token, merchantOf(request));
    await rateLimit(rule, memberId.toString());
  }

  registerCall(builtinOpenCall, async ({ body, request }) => {
    await rateLimit(BUILTIN_OPEN_RATE_LIMIT, request.ip);
    return games.open(body.launchToken, merchantOf(request));
  });
  registerCall(builtinSessionCall, async ({ body, request }) => {
    await rateLimit(BUILTIN_OPEN_RATE_LIMIT, request.ip);
    return games.session(body.gameSession, merchantOf(request));
  });
  registerCall(builtinBalanceCall, async ({ body, request }) => {
    await limitMember(BUILTIN_READ_RATE_LIMIT, request, body.gameSession);
    return games.balance(body.gameSession, merchantOf(request));
  });
  registerCall(builtinPlayCall, async ({ body, request }) => {
    await limitMember(BUILTIN_PLAY_RATE_LIMIT, request, body.gameSession);
    return games.play(body.gameSession, merchantOf(request), {
      clientRoundId: body.clientRoundId,
      params: body.params,
    });
  });
  registerCall(builtinActCall, async ({ body, request }) => {
    await limitMember(BUILTIN_PLAY_RATE_LIMIT, request, body.gameSession);
    return games.act(body.gameSession, merchantOf(request), {
      roundId: body.roundId,
      step: body.step,
      action: body.action,
    });
  });
  registerCall(builtinHistoryCall, async ({ body, request }) => {
    await limitMember(BUILTIN_READ_RATE_LIMIT, request, body.gameSession);
    return games.history(body.gameSession, merchantOf(request), {
      pageNo: body.pageNo,
      pageSize: body.pageSize,
    });
  });
  registerCall(builtinSeedsCall, async ({ body, request }) => {
    await limitMember(BUILTIN_READ_RATE_LIMIT, request, body.gameSession);
    return games.seeds(body.gameSession, merchantOf(request));
  });
  registerCall(builtinSetClientSeedCall, async ({ body, request }) => {
    await limitMember(BUILTIN_SEED_CHANGE_RATE_LIMIT, request, body.gameSession);
    return games.rotateSeed(body.gameSession, merchantOf(request), body.clientSeed);
  });
  registerCall(builtinRotateSeedCall, async ({ body, request }) => {
    await limitMember(BUILTIN_SEED_CHANGE_RATE_LIMIT, request, body.gameSession);
    return games.rotateSeed(body.gameSession, merchantOf(request), null);
  });
}
