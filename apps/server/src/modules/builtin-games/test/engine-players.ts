import { BUILTIN_VASSALAGE, type GameCategory } from '@app/contract';
import { fairRandomSource } from '@app/game-math';
import { verifiableGameOf } from '@app/game-math/games/index';
import { beforeAll, expect } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../../test/fixtures/base-merchant.js';
import { launchToken, memberWithSession } from '../../../../test/seamless-helpers.js';
import { callApi, useTestApp } from '../../../../test/test-app.js';
import { createCatalogueWriter } from '../../games/index.js';

const API = '/wps/builtin';

/**
 * What the games' medium tests share: a test app with the games in the catalogue, funded
 * players with an open game session, plays with fresh client round ids, and the replay of a
 * round from the seeds a rotation reveals. Call inside a `describe`.
 */
export function useEnginePlayers(
  gameCodes: readonly string[],
  gameType: GameCategory,
  roundIdPrefix: string,
) {
  const context = useTestApp();
  const nodes: Record<string, bigint> = {};

  beforeAll(async () => {
    const games = createCatalogueWriter(context.database.db);
    for (const gameCode of gameCodes) {
      const nodeId = await games.ensureGame({
        merchantCode: BASE_MERCHANT_CODE,
        vassalage: BUILTIN_VASSALAGE,
        gameCode,
        gameType,
        iconUrl: '/icons/test.svg',
        texts: { EN: { name: gameCode }, VI: { name: gameCode } },
      });
      nodes[gameCode] = BigInt(nodeId);
    }
  });

  const post = (path: string, body: unknown) =>
    callApi(context.app, 'POST', `${API}${path}`, { body });

  async function player(gameCode: string, fundsMinor = 100_000n) {
    const { memberId, token } = await memberWithSession(context.database.db, fundsMinor);
    const launch = await launchToken(context.app, token, {
      nodeId: nodes[gameCode] ?? 0n,
      vassalage: BUILTIN_VASSALAGE,
    });
    const opened = await post('/session/open', { launchToken: launch });
    expect(opened.status).toBe(200);
    return { memberId, gameSession: opened.body.value.gameSession as string };
  }

  let counter = 0;
  const play = (gameSession: string, params: unknown) => {
    counter += 1;
    return post('/play', { gameSession, clientRoundId: `${roundIdPrefix}-${counter}`, params });
  };

  /** Rotates the seed pair; answers the revealed seeds. */
  async function rotate(gameSession: string): Promise<{ serverSeed: string; clientSeed: string }> {
    const rotated = await post('/seeds/rotate', { gameSession });
    expect(rotated.status).toBe(200);
    return rotated.body.value.revealed;
  }

  /** Recomputes a round from revealed seeds, as the verify page does. */
  const replay = (
    gameCode: string,
    seeds: { serverSeed: string; clientSeed: string },
    params: unknown,
    nonce: number,
  ) => verifiableGameOf(gameCode)?.replay(fairRandomSource({ ...seeds, nonce }), params);

  return { context, post, player, play, rotate, replay };
}
