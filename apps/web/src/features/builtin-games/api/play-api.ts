import { BUILTIN_HISTORY_PAGE_SIZE_DEFAULT, type RouteBody } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

/** Spends a launch token (`?token=`): opens a game session. */
export const openGameSession = (launchToken: string) =>
  callApi('builtinOpen', { body: { launchToken } });

/** Resumes the game session this tab keeps. */
export const resumeGameSession = (gameSession: string) =>
  callApi('builtinSession', { body: { gameSession } });

/** Plays a round; the same `clientRoundId` again replays a round the server already played. */
export const playRound = (body: RouteBody<'builtinPlay'>) => callApi('builtinPlay', { body });

/** One step of a round with choices; the same step again replays it. */
export const actInRound = (body: RouteBody<'builtinAct'>) => callApi('builtinAct', { body });

/** One page of the member's rounds of this game, newest first. */
export const fetchRoundHistory = (gameSession: string, pageNo: number) =>
  callApi('builtinHistory', {
    body: { gameSession, pageNo, pageSize: BUILTIN_HISTORY_PAGE_SIZE_DEFAULT },
  });

/** Reveals the server seed and starts a new pair. */
export const rotateSeed = (gameSession: string) =>
  callApi('builtinRotateSeed', { body: { gameSession } });

/** Sets the player's own client seed (which also reveals the server seed). */
export const changeClientSeed = (gameSession: string, clientSeed: string) =>
  callApi('builtinSetClientSeed', { body: { gameSession, clientSeed } });

/** The member's open free spins on this game (soonest expiry first). */
export const fetchFreeSpins = (gameSession: string) =>
  callApi('builtinFreeSpins', { body: { gameSession } });

/** Plays one free spin of a grant; the same `clientRoundId` again replays it. */
export const playFreeSpin = (body: RouteBody<'builtinPlayFreeSpin'>) =>
  callApi('builtinPlayFreeSpin', { body });

/** The member's available balance now (after a change made outside this game). */
export const fetchGameBalance = (gameSession: string) =>
  callApi('builtinBalance', { body: { gameSession } });
