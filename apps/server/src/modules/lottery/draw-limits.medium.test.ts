import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { addTestGame, lotteryOn, openDrawOf, slipBody } from '../../../test/lottery-fixtures.js';
import { fundedMember, operatorToken } from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { insertLotteryGame } from './test-seams.js';

const HOUR_MS = 3_600_000;
/** The game's first limits (major units) and the lower ones an operator sets later. */
const FIRST_MAX_STAKE = 1000;
const NEW_LIMITS = { closeOffsetSeconds: 10, minStake: 1, maxStake: 500, maxLiability: 1_000_000 };

describe('lottery draws hold the limits of their game when they are created', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  function place(token: string, gameCode: string, drawId: number, amountPerPoint: number) {
    const line = { betType: 'position_digit', numbers: ['3'], position: 2, amountPerPoint };
    return callApi(context.app, 'POST', '/lotto/lgw/bets', {
      token,
      body: slipBody(gameCode, drawId, [line]),
    });
  }

  async function limitsOfDraws(gameCode: string) {
    const result = await sql<{ id: number; status: string; max_stake_minor: bigint | null }>`
      SELECT d.id::int AS id, d.status, d.max_stake_minor FROM lottery_draws d
      JOIN lottery_games g ON g.id = d.game_id
      WHERE g.game_code = ${gameCode} ORDER BY d.draw_at
    `.execute(db());
    return result.rows;
  }

  it('keeps the draws already created on their limits; the next draw created uses the new ones', async () => {
    const gameCode = await addTestGame(db(), { maxStakeMinor: BigInt(FIRST_MAX_STAKE * 100) });
    const { lottery } = lotteryOn(db());
    const now = Date.now();
    await lottery.tick(new Date(now));
    const first = await openDrawOf(db(), gameCode);
    const planned = await limitsOfDraws(gameCode);
    expect(planned.length).toBeGreaterThanOrEqual(2);
    for (const draw of planned) expect(draw.max_stake_minor).toBe(100_000n);

    const admin = await operatorToken(context.app, db(), 'dladmin', 'admin');
    const changed = await callApi(context.app, 'POST', '/admin/lottery/games/configure', {
      token: admin,
      body: { gameCode, ...NEW_LIMITS, enabled: true },
    });
    expect(changed.status).toBe(200);

    const member = await fundedMember(context.app, db(), 10_000, 'dlmember');
    // 800 is within the open draw's own limit (1,000), though above the game's new one (500).
    const onOpenDraw = await place(member.token, gameCode, first.drawId, 800);
    expect(onOpenDraw.status).toBe(200);

    // Two hours on: the draws planned before the change are past, one created after it is open.
    await lottery.tick(new Date(now + HOUR_MS + 60_000));
    await lottery.tick(new Date(now + 2 * HOUR_MS + 60_000));
    const later = await openDrawOf(db(), gameCode);
    const rows = await limitsOfDraws(gameCode);
    expect(rows.find((row) => row.id === later.drawId)?.max_stake_minor).toBe(50_000n);
    const refused = await place(member.token, gameCode, later.drawId, 800);
    expect(refused.body).toMatchObject({
      errorCode: 'LOTTERY_STAKE_LIMIT',
      details: { maxAmount: 500 },
    });
    expect((await place(member.token, gameCode, later.drawId, 500)).status).toBe(200);
  });

  it("shows the player the open draw's stake limits, not the game's newer ones", async () => {
    const gameCode = await addTestGame(db(), { maxStakeMinor: BigInt(FIRST_MAX_STAKE * 100) });
    const { lottery } = lotteryOn(db());
    const now = Date.now();
    await lottery.tick(new Date(now));
    const admin = await operatorToken(context.app, db(), 'dladmin4', 'admin');
    const changed = await callApi(context.app, 'POST', '/admin/lottery/games/configure', {
      token: admin,
      body: { gameCode, ...NEW_LIMITS, enabled: true },
    });
    expect(changed.status).toBe(200);
    const shown = async (path: string) => {
      const answer = await callApi(context.app, 'GET', path);
      const list = answer.body.value.list as { gameCode: string }[];
      return list.find((game) => game.gameCode === gameCode);
    };
    // The open draw was created with the first limits: bets on it are held to 1.00 to 1,000.00.
    const onOpenDraw = { minStakePerBet: 1, maxStakePerBet: FIRST_MAX_STAKE };
    expect(await shown('/lotto/lgw/games')).toMatchObject(onOpenDraw);
    expect(await shown('/lgw/vn/games/game_menu?device=WEB')).toMatchObject(onOpenDraw);
  });

  it("holds a draw made before the snapshot existed to its game's current limits", async () => {
    const gameCode = await addTestGame(db(), { maxStakeMinor: BigInt(FIRST_MAX_STAKE * 100) });
    await lotteryOn(db()).lottery.tick(new Date());
    const open = await openDrawOf(db(), gameCode);
    await sql`
      UPDATE lottery_draws
      SET min_stake_minor = NULL, max_stake_minor = NULL, max_liability_minor = NULL
      WHERE id = ${open.drawId}
    `.execute(db());
    const admin = await operatorToken(context.app, db(), 'dladmin2', 'admin');
    await callApi(context.app, 'POST', '/admin/lottery/games/configure', {
      token: admin,
      body: { gameCode, ...NEW_LIMITS, enabled: true },
    });
    const member = await fundedMember(context.app, db(), 10_000, 'dlmember2');
    const refused = await place(member.token, gameCode, open.drawId, 800);
    expect(refused.body.errorCode).toBe('LOTTERY_STAKE_LIMIT');
  });

  it("changes a daily game's draw time, audited, and refuses a time that is no time", async () => {
    const gameCode = `DAILY_${Date.now().toString(36).toUpperCase()}`;
    await insertLotteryGame(db(), {
      merchantCode: BASE_MERCHANT_CODE,
      gameCode,
      area: 'VN',
      prizeMode: 'Lott',
      format: 'VN_NORTH',
      vassalage: 'TCG_LOTTO_VN',
      names: { EN: gameCode },
      source: 'real',
      schedule: { kind: 'daily', time: '18:15', timeZone: 'Asia/Ho_Chi_Minh' },
      closeOffsetSeconds: 900,
      cancelAllowed: true,
      minStakeMinor: 100n,
      maxStakeMinor: 100_000n,
      maxLiabilityMinor: 100_000_000n,
      sortOrder: 99,
    });
    const admin = await operatorToken(context.app, db(), 'dladmin3', 'admin');
    const configure = (dailyTime: string) =>
      callApi(context.app, 'POST', '/admin/lottery/games/configure', {
        token: admin,
        body: { gameCode, ...NEW_LIMITS, closeOffsetSeconds: 900, enabled: true, dailyTime },
      });
    const changed = await configure('19:05');
    expect(changed.status).toBe(200);
    expect(changed.body.value.schedule).toEqual({
      kind: 'daily',
      time: '19:05',
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    const audit = await sql<{ before: { schedule: object }; after: { schedule: object } }>`
      SELECT before, after FROM audit_log
      WHERE action = 'lottery.game.configure' AND subject_id = ${gameCode}
    `.execute(db());
    expect(audit.rows[0]?.before.schedule).toMatchObject({ time: '18:15' });
    expect(audit.rows[0]?.after.schedule).toMatchObject({ time: '19:05' });
    expect((await configure('24:00')).status).toBe(400);
    expect((await configure('7:5')).status).toBe(400);

    // The next draw the scheduler creates falls at the new local time (UTC+7: 12:05 UTC).
    await lotteryOn(db()).lottery.tick(new Date());
    const times = await sql<{ draw_at: Date }>`
      SELECT d.draw_at FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
      WHERE g.game_code = ${gameCode}
    `.execute(db());
    expect(times.rows.length).toBeGreaterThan(0);
    for (const row of times.rows) {
      expect(new Date(row.draw_at).toISOString().slice(11, 16)).toBe('12:05');
    }
  });
});
