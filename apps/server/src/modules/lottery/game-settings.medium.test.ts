import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addOperator } from '../../../test/admin-helpers.js';
import { auditEntriesOf, refuseAuditEntries } from '../../../test/audit-helpers.js';
import { addMerchant } from '../../../test/db-helpers.js';
import { addTestGame, lotteryOn, openDrawOf } from '../../../test/lottery-fixtures.js';
import { operatorToken } from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { insertLotteryGame } from './test-seams.js';

const SETTINGS = {
  intervalSeconds: 1800,
  closeOffsetSeconds: 60,
  minStake: 2,
  maxStake: 500,
  maxLiability: 50_000,
  enabled: true,
};

describe('lottery games: schedule and limits in the console', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  async function signIn(username: string, role: 'admin' | 'content' | 'read-only') {
    const password = await addOperator(db(), username, role);
    const login = await callApi(context.app, 'POST', '/admin/session/login', {
      body: { username, password },
    });
    return login.body.value.token as string;
  }

  function configure(token: string, body: object) {
    return callApi(context.app, 'POST', '/admin/lottery/games/configure', { token, body });
  }

  async function drawTimes(drawId: number) {
    const result = await sql<{ closes_at: Date; draw_at: Date }>`
      SELECT closes_at, draw_at FROM lottery_draws WHERE id = ${drawId}
    `.execute(db());
    return result.rows[0];
  }

  it('lists the games with their schedule and limits, and changes them audited, the open draw untouched', async () => {
    const gameCode = await addTestGame(db());
    await lotteryOn(db()).lottery.tick(new Date());
    const open = await openDrawOf(db(), gameCode);
    const timesBefore = await drawTimes(open.drawId);
    const admin = await operatorToken(context.app, db(), 'lgsadmin', 'admin');

    const listed = await callApi(context.app, 'GET', '/admin/lottery/games?pageSize=200', {
      token: admin,
    });
    expect(listed.status).toBe(200);
    expect(
      listed.body.value.list.find((game: { gameCode: string }) => game.gameCode === gameCode),
    ).toMatchObject({
      schedule: { kind: 'interval', intervalSeconds: 3600 },
      closeOffsetSeconds: 10,
      minStake: 1,
      enabled: true,
    });

    const changed = await configure(admin, { gameCode, ...SETTINGS });
    expect(changed.status).toBe(200);
    expect(changed.body.value).toMatchObject({
      schedule: { kind: 'interval', intervalSeconds: 1800 },
      closeOffsetSeconds: 60,
      minStake: 2,
      maxStake: 500,
      maxLiability: 50_000,
    });
    expect(await auditEntriesOf(db(), 'lottery.game.configure', gameCode)).toBe(1);
    await lotteryOn(db()).lottery.tick(new Date());
    expect(await drawTimes(open.drawId)).toEqual(timesBefore);
  });

  it("accepts the demo games' own limits (5,000,000 a bet, 1,000,000,000 owed a number)", async () => {
    const gameCode = await addTestGame(db());
    const admin = await operatorToken(context.app, db(), 'lgsadmin5', 'admin');
    const saved = await configure(admin, {
      gameCode,
      ...SETTINGS,
      maxStake: 5_000_000,
      maxLiability: 1_000_000_000,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({ maxStake: 5_000_000, maxLiability: 1_000_000_000 });
  });

  it('refuses limits that clash, values out of bounds, and roles without lottery:configure', async () => {
    const gameCode = await addTestGame(db());
    const admin = await operatorToken(context.app, db(), 'lgsadmin2', 'admin');
    const minAboveMax = await configure(admin, { gameCode, ...SETTINGS, minStake: 600 });
    expect(minAboveMax.body.errorCode).toBe('LOTTERY_GAME_LIMITS_INVALID');
    const payoutBelowStake = await configure(admin, { gameCode, ...SETTINGS, maxLiability: 100 });
    expect(payoutBelowStake.body.errorCode).toBe('LOTTERY_GAME_LIMITS_INVALID');
    const closesAfterNext = await configure(admin, {
      gameCode,
      ...SETTINGS,
      intervalSeconds: 60,
      closeOffsetSeconds: 60,
    });
    expect(closesAfterNext.body.errorCode).toBe('LOTTERY_GAME_LIMITS_INVALID');
    const tooFast = await configure(admin, { gameCode, ...SETTINGS, intervalSeconds: 5 });
    expect(tooFast.status).toBe(400);
    const negative = await configure(admin, { gameCode, ...SETTINGS, minStake: -1 });
    expect(negative.status).toBe(400);
    for (const role of ['content', 'read-only'] as const) {
      const token = await signIn(`lgs-${role}`, role);
      const refused = await configure(token, { gameCode, ...SETTINGS });
      expect(refused.status, role).toBe(403);
      const read = await callApi(context.app, 'GET', '/admin/lottery/games', { token });
      expect(read.status, role).toBe(200);
    }
    expect(await auditEntriesOf(db(), 'lottery.game.configure', gameCode)).toBe(0);
  });

  it("answers another merchant's game as unknown, in the list and in a change", async () => {
    await addMerchant(db(), 'LGSOTHER');
    const gameCode = `OTHER_${Date.now().toString(36).toUpperCase()}`;
    await insertLotteryGame(db(), {
      merchantCode: 'LGSOTHER',
      gameCode,
      area: 'ELOTT',
      prizeMode: 'Elott',
      format: 'DIGIT5',
      vassalage: 'TCG_ELOTT',
      names: { EN: gameCode },
      source: 'house',
      schedule: { kind: 'interval', intervalSeconds: 3600 },
      closeOffsetSeconds: 10,
      cancelAllowed: false,
      minStakeMinor: 100n,
      maxStakeMinor: 1_000n,
      maxLiabilityMinor: 100_000n,
      sortOrder: 99,
    });
    const admin = await operatorToken(context.app, db(), 'lgsadmin3', 'admin');
    const listed = await callApi(context.app, 'GET', '/admin/lottery/games?pageSize=200', {
      token: admin,
    });
    expect(listed.body.value.list.map((game: { gameCode: string }) => game.gameCode)).not.toContain(
      gameCode,
    );
    const changed = await configure(admin, { gameCode, ...SETTINGS });
    expect(changed.body.errorCode).toBe('LOTTERY_GAME_UNKNOWN');
  });

  it('changes nothing when its audit entry cannot be written (one transaction)', async () => {
    const gameCode = await addTestGame(db());
    const admin = await operatorToken(context.app, db(), 'lgsadmin4', 'admin');
    const lift = await refuseAuditEntries(db(), 'lottery.game.configure');
    try {
      const refused = await configure(admin, { gameCode, ...SETTINGS });
      expect(refused.status).toBe(500);
    } finally {
      await lift();
    }
    const row = await sql<{ close_offset_seconds: number }>`
      SELECT close_offset_seconds FROM lottery_games WHERE game_code = ${gameCode}
    `.execute(db());
    expect(row.rows[0]?.close_offset_seconds).toBe(10);
  });
});
