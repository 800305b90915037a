import { BUILTIN_VASSALAGE, builtinGameCodes } from '@app/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { launchToken, memberWithSession } from '../../../test/seamless-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';

const API = '/wps/builtin';

/** The fixture names small VND stakes of its own; these tests play the currency's real profile. */
async function currencyProfileOnly(db: Db): Promise<void> {
  await sql`UPDATE merchants SET builtin_games = '{}'::jsonb WHERE code = ${BASE_MERCHANT_CODE}`.execute(
    db,
  );
}

/**
 * Issue 22 item 1: a VND merchant's games are sized for VND (1,000 ₫ to 20,000,000 ₫ a round,
 * 10,000 ₫ first), not 0.10 ₫ to 1,000 ₫. One game of each kind: instant (Dice, Plinko),
 * stepped (Mines) and a slot (total bet = lines x bet per line); and the lottery slip's amounts.
 */
describe('stakes sized for the currency (VND)', () => {
  const context = useTestApp({}, { fixtures: [currencyProfileOnly] });
  const post = (path: string, body: unknown) =>
    callApi(context.app, 'POST', `${API}${path}`, { body });

  async function openGame(gameCode: string) {
    const { db } = context.database;
    const node = await sql<{ node_id: string }>`
      SELECT node_id FROM games WHERE merchant_code = ${BASE_MERCHANT_CODE} AND game_code = ${gameCode}
    `.execute(db);
    const { token } = await memberWithSession(db, 10_000_000_000n);
    const launch = await launchToken(context.app, token, {
      nodeId: BigInt(node.rows[0]?.node_id ?? 0),
      vassalage: BUILTIN_VASSALAGE,
    });
    const opened = await post('/session/open', { launchToken: launch });
    expect(opened.status).toBe(200);
    return opened.body.value;
  }

  const kinds = [
    {
      gameCode: builtinGameCodes.dice,
      params: (stake: number) => ({ stake, target: 50, direction: 'over' }),
    },
    {
      gameCode: builtinGameCodes.plinko,
      params: (stake: number) => ({ stake, rows: 8, risk: 'low' }),
    },
    { gameCode: builtinGameCodes.mines, params: (stake: number) => ({ stake, mineCount: 3 }) },
    {
      gameCode: builtinGameCodes.jadeDragon,
      params: (stake: number) => ({ lines: 20, betPerLine: stake / 20 }),
    },
  ];

  for (const kind of kinds) {
    it(`${kind.gameCode}: limits, first stake and chips in dong; refuses below 1,000 ₫`, async () => {
      const session = await openGame(kind.gameCode);
      expect(session.currency).toBe('VND');
      expect(session.limits).toMatchObject({ minStake: 1_000, maxStake: 20_000_000 });
      expect(session.stakes.defaultStake).toBe(10_000);
      expect(session.stakes.chips).toContain(1_000);
      expect(Math.max(...session.stakes.chips)).toBeGreaterThanOrEqual(1_000_000);

      const tooSmall = await post('/play', {
        gameSession: session.gameSession,
        clientRoundId: `${kind.gameCode}-small`,
        params: kind.params(500),
      });
      expect(tooSmall.status).toBe(400);
      expect(tooSmall.body.errorCode).toBe('BUILTIN_STAKE_OUT_OF_RANGE');

      const tooLarge = await post('/play', {
        gameSession: session.gameSession,
        clientRoundId: `${kind.gameCode}-large`,
        params: kind.params(40_000_000),
      });
      expect(tooLarge.body.errorCode).toBe('BUILTIN_STAKE_OUT_OF_RANGE');

      const played = await post('/play', {
        gameSession: session.gameSession,
        clientRoundId: `${kind.gameCode}-first`,
        params: kind.params(session.stakes.defaultStake),
      });
      expect(played.status).toBe(200);
      expect(played.body.value.round.stake).toBe(10_000);
    });
  }

  it("the lottery slip starts at the profile's first amount with quick amounts in dong", async () => {
    const answer = await callApi(context.app, 'GET', '/lotto/lgw/games');
    expect(answer.status).toBe(200);
    const [game] = answer.body.value.list;
    expect(game.defaultAmountPerPoint).toBe(10_000);
    expect(game.quickAmounts).toEqual([1_000, 5_000, 10_000, 50_000, 100_000]);
  });
});
