import type { LotteryResult } from '@app/contract';
import { hashServerSeed } from '@app/game-math';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { auditEntriesOf, refuseAuditEntries } from '../../../test/audit-helpers.js';
import { singleConnectionDatabase } from '../../../test/db-helpers.js';
import { eventsOf } from '../../../test/event-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import {
  addTestGame,
  drawRow,
  lotteryOn,
  openDrawOf,
  slipBody,
  transfersLike,
} from '../../../test/lottery-fixtures.js';
import {
  balanceOf,
  fundedMember,
  ledgerBreaks,
  operatorToken,
} from '../../../test/money-helpers.js';
import { callApi, useTestApp } from '../../../test/test-app.js';
import { createServices } from '../../services.js';
import { drawHouseResult } from './maths.js';

const DIGIT = (result: LotteryResult, position: number) => result.digits?.[position] as string;
const otherDigit = (digit: string) => String((Number(digit) + 1) % 10);

describe('lottery engine', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  /** A house game with an open draw whose result the test knows from its (secret) seed. */
  async function openHouseDraw(options: Parameters<typeof addTestGame>[1] = {}) {
    const gameCode = await addTestGame(db(), options);
    const { lottery } = lotteryOn(db());
    await lottery.tick(new Date());
    const draw = await openDrawOf(db(), gameCode);
    const result = drawHouseResult('DIGIT5', {
      serverSeed: draw.seed as string,
      drawKey: draw.drawKey as string,
    });
    return { gameCode, draw, result };
  }

  function place(token: string, body: object) {
    return callApi(context.app, 'POST', '/lotto/lgw/bets', { token, body });
  }

  it('answers the spec calls and lists the lottery vendors in the catalogue', async () => {
    const menu = await callApi(
      context.app,
      'GET',
      '/lgw/vn/games/game_menu?prizeMode=Elott&device=WEB',
    );
    expect(menu.status).toBe(200);
    const codes = menu.body.value.list.map((game: { gameCode: string }) => game.gameCode);
    expect(codes).toEqual(
      expect.arrayContaining(['DIGIT5_1M', 'DIGIT5_3M', 'DIGIT5_5M', 'DICE3_1M']),
    );
    const digit5 = menu.body.value.list.find(
      (game: { gameCode: string }) => game.gameCode === 'DIGIT5_1M',
    );
    expect(digit5).toMatchObject({
      area: 'ELOTT',
      format: 'DIGIT5',
      vassalage: 'TCG_ELOTT',
      source: 'house',
      intervalSeconds: 60,
    });
    expect(digit5.betTypes).toContainEqual({ code: 'position_digit', odds: 9.7, rtp: 97 });
    expect(digit5.nodeId).toEqual(expect.any(Number));

    const vn = await callApi(context.app, 'GET', '/lotto/lgw/games?area=VN');
    expect(vn.body.value.list.map((game: { gameCode: string }) => game.gameCode)).toEqual([
      'VN_NORTH_1M',
      'VN_NORTH_5M',
      'VN_SOUTH_1M',
      'VN_NORTH_DAILY',
    ]);
    const menus = await callApi(context.app, 'GET', '/lgw/games/game_menus');
    const vendorsOf = (category: string) =>
      menus.body.value
        .find((entry: { gameCategory: string }) => entry.gameCategory === category)
        ?.cards.map((card: { vassalage: string }) => card.vassalage);
    expect(vendorsOf('LOTT')).toEqual(expect.arrayContaining(['TCG_LOTTO_VN', 'TCG_SEA']));
    expect(vendorsOf('ELOTT')).toEqual(['TCG_ELOTT']);

    const numbers = await callApi(
      context.app,
      'GET',
      '/lgw/vn/numeros/opened/game?gameCode=VN_NORTH_1M&count=100',
    );
    expect(numbers.body.value).toEqual({ gameCode: 'VN_NORTH_1M', list: [] });
    const numero = await callApi(context.app, 'GET', '/lotto/lgw/games/opened/numero');
    expect(numero.body.value.list).toEqual(expect.any(Array));

    const member = await fundedMember(context.app, db(), 0, 'lspec');
    const launch = await callApi(context.app, 'POST', '/lgw/vn/games/launch', {
      token: member.token,
      body: {
        lottoArea: 'VN',
        launchMode: 'LOTT',
        prizeMode: 'Lott',
        gameCode: 'VN_NORTH_5M',
        view: 'default',
        device: 'WEB',
        backUrl: 'https://evil.example/',
        language: 'EN',
      },
    });
    expect(launch.body.value).toEqual({
      game_url: '/vnLottery?gameCode=VN_NORTH_5M',
      area: 'VN',
      gameCode: 'VN_NORTH_5M',
    });
    const recent = await callApi(context.app, 'GET', '/lgw/vn/games/game_menu/recent', {
      token: member.token,
    });
    expect(recent.body.value).toEqual({ list: [] });
    const unknown = await callApi(
      context.app,
      'GET',
      '/lotto/lgw/games/draw/current?gameCode=NOPE',
    );
    expect(unknown.body.errorCode).toBe('LOTTERY_GAME_UNKNOWN');
  });

  it('keeps draws ahead: the current one open with its seed hash, the seed secret', async () => {
    const { lottery, events } = lotteryOn(db());
    await lottery.tick(new Date());
    const current = await callApi(
      context.app,
      'GET',
      '/lotto/lgw/games/draw/current?gameCode=DIGIT5_1M',
    );
    const value = current.body.value;
    expect(value.serverTimeMs).toEqual(expect.any(Number));
    expect(value.next).not.toBeNull();
    if (value.current) {
      expect(value.current.status).toBe('open');
      expect(value.current.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(value.current.seed).toBeNull();
      expect(value.current.closesAtMs).toBeGreaterThan(value.serverTimeMs);
    }
    expect(events.some((event) => event.topic === 'lottery.draws.DIGIT5_1M')).toBe(true);
  });

  it('places a slip all or nothing, replays a retry, then draws and settles once under duplicate jobs', async () => {
    const { gameCode, draw, result } = await openHouseDraw();
    const member = await fundedMember(context.app, db(), 1000, 'lslip');
    const win = DIGIT(result, 0);
    const body = slipBody(gameCode, draw.drawId, [
      { betType: 'position_digit', numbers: [win], position: 0, amountPerPoint: 10 },
      { betType: 'position_digit', numbers: [otherDigit(win)], position: 0, amountPerPoint: 5 },
    ]);
    const placed = await place(member.token, body);
    expect(placed.status).toBe(200);
    expect(placed.body.value).toMatchObject({ slipId: body.slipId, totalAmount: 15 });
    expect(placed.body.value.bets).toHaveLength(2);
    expect(await balanceOf(context.app, member.token)).toBe(985);

    // A retry replays; the same slip id with other bets is refused.
    const again = await place(member.token, body);
    expect(again.body.value).toEqual(placed.body.value);
    expect(await balanceOf(context.app, member.token)).toBe(985);
    const changed = await place(member.token, { ...body, bets: [body.bets[0]], totalAmount: 10 });
    expect(changed.status).toBe(422);
    expect(changed.body.errorCode).toBe('IDEMPOTENCY_KEY_MISMATCH');

    // One bad line refuses the whole slip: nothing placed, nothing debited.
    const bad = await place(
      member.token,
      slipBody(gameCode, draw.drawId, [
        { betType: 'position_digit', numbers: [win], position: 0, amountPerPoint: 10 },
        { betType: 'position_digit', numbers: ['x'], position: 0, amountPerPoint: 10 },
      ]),
    );
    expect(bad.body.errorCode).toBe('LOTTERY_SELECTION_INVALID');
    const poor = await fundedMember(context.app, db(), 5, 'lpoor');
    const broke = await place(
      poor.token,
      slipBody(gameCode, draw.drawId, [
        { betType: 'position_digit', numbers: [win], position: 0, amountPerPoint: 3 },
        { betType: 'position_digit', numbers: [win], position: 1, amountPerPoint: 3 },
      ]),
    );
    expect(broke.body.errorCode).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(context.app, poor.token)).toBe(5);
    const mine = await callApi(context.app, 'GET', `/lotto/lgw/bets?gameCode=${gameCode}`, {
      token: member.token,
    });
    expect(mine.body.value.totalCount).toBe(2);

    // Two schedulers tick at once after the draw time, then again: drawn once, settled once.
    const first = lotteryOn(db());
    const second = lotteryOn(db());
    const after = new Date(draw.drawAtMs + 1000);
    await Promise.all([first.lottery.tick(after), second.lottery.tick(after)]);
    await Promise.all([first.lottery.tick(after), second.lottery.tick(after)]);
    const row = await drawRow(db(), draw.drawId);
    expect(row?.status).toBe('settled');
    expect(row?.result).toEqual(result);
    const events = [...first.events, ...second.events].filter(
      (event) => event.topic === `lottery.draws.${gameCode}` && event.data.drawId === draw.drawId,
    );
    expect(events.map((event) => event.data.type).sort()).toEqual(['closed', 'drawn', 'settled']);

    // One win transfer for the slip: the sum of its won bets (here the one).
    const wins = await transfersLike(db(), 'lottery:win:');
    expect(wins.filter((transfer) => transfer.id.includes(body.slipId))).toEqual([
      { id: `lottery:win:slip:${body.slipId}`, amount_minor: 9700n },
    ]);
    expect(await balanceOf(context.app, member.token)).toBe(985 + 97);
    expect(await first.lottery.engine.settleDraw(BigInt(draw.drawId))).toBe(0);

    // The page's view: history with the seed revealed (anyone recomputes), my bets, betting record.
    const history = await callApi(
      context.app,
      'GET',
      `/lotto/lgw/games/draws?gameCode=${gameCode}`,
    );
    const shown = history.body.value.list[0];
    expect(shown).toMatchObject({
      drawId: draw.drawId,
      status: 'settled',
      seed: draw.seed,
      result,
    });
    expect(hashServerSeed(shown.seed)).toBe(shown.seedHash);
    const settledBets = await callApi(context.app, 'GET', `/lotto/lgw/bets?gameCode=${gameCode}`, {
      token: member.token,
    });
    expect(
      settledBets.body.value.list.map((bet: { status: string; payout: number }) => [
        bet.status,
        bet.payout,
      ]),
    ).toEqual([
      ['lost', 0],
      ['won', 97],
    ]);
    const record = await callApi(
      context.app,
      'GET',
      '/wps/member/game-records?vassalage=TCG_ELOTT',
      {
        token: member.token,
      },
    );
    expect(record.status).toBe(200);
    const trend = await callApi(
      context.app,
      'GET',
      `/lotto/lgw/games/trend?gameCode=${gameCode}&count=10`,
    );
    expect(trend.body.value.draws).toEqual([{ drawNo: expect.any(String), values: result.digits }]);
    expect(trend.body.value.positions).toHaveLength(5);
    expect(await ledgerBreaks(db())).toEqual([]);
    // Lottery rounds pay through the ledger, not seamless transactions: the round check passes.
    expect(await createServices(db()).seamlessWallet.roundBreaks()).toEqual([]);

    // The draw is closed now: a late slip is refused.
    const late = await place(
      member.token,
      slipBody(gameCode, draw.drawId, [
        { betType: 'position_digit', numbers: [win], position: 0, amountPerPoint: 10 },
      ]),
    );
    expect(late.body.errorCode).toBe('LOTTERY_DRAW_CLOSED');
  });

  it('resumes a settlement that crashed mid-way: each win credited once', async () => {
    const { gameCode, draw, result } = await openHouseDraw();
    const member = await fundedMember(context.app, db(), 1000, 'lcrash');
    const winners = [0, 1, 2, 3, 4].map((position) => ({
      betType: 'position_digit',
      numbers: [DIGIT(result, position)],
      position,
      amountPerPoint: 10,
    }));
    const loser = {
      betType: 'position_digit',
      numbers: [otherDigit(DIGIT(result, 0))],
      position: 0,
      amountPerPoint: 10,
    };
    const slips = [
      slipBody(gameCode, draw.drawId, [...winners.slice(0, 3), loser]),
      slipBody(gameCode, draw.drawId, winners.slice(3)),
    ];
    for (const slip of slips) expect((await place(member.token, slip)).status).toBe(200);

    // The process dies while crediting the second chunk of slips: the first stays done.
    const healthy = lotteryOn(db(), { settleBatchSize: 2, slipSettleBatchSize: 1 });
    let batches = 0;
    const crashingLedger = {
      ...healthy.ledger,
      transferSetWithin: (async (executor, inputs) => {
        batches += 1;
        if (batches === 2) throw new Error('crash');
        return healthy.ledger.transferSetWithin(executor, inputs);
      }) as typeof healthy.ledger.transferSetWithin,
    };
    // One settler, so that the crash falls in the second chunk in order.
    const crashing = lotteryOn(db(), {
      settleBatchSize: 2,
      slipSettleBatchSize: 1,
      settleWorkers: 1,
      ledger: crashingLedger,
    });
    const after = new Date(draw.drawAtMs + 1000);
    await crashing.lottery.engine.advance(after);
    await expect(crashing.lottery.engine.settleDraw(BigInt(draw.drawId))).rejects.toThrow('crash');
    // Every bet has its outcome (the first pass), one slip of two is paid (the second).
    const open = await sql<{ n: bigint }>`
      SELECT count(*) AS n FROM lottery_bets WHERE draw_id = ${draw.drawId} AND status = 'open'
    `.execute(db());
    expect(open.rows[0]?.n).toBe(0n);
    const slipIds = slips.map((slip) => slip.slipId);
    const paid = (await transfersLike(db(), 'lottery:win:')).filter((transfer) =>
      slipIds.some((id) => transfer.id === `lottery:win:slip:${id}`),
    );
    expect(paid).toHaveLength(1);
    expect((await drawRow(db(), draw.drawId))?.status).toBe('drawn');

    // The next tick finishes it: one transfer per winning slip, each of its won bets' sum.
    await healthy.lottery.tick(after);
    expect((await drawRow(db(), draw.drawId))?.status).toBe('settled');
    const wins = (await transfersLike(db(), 'lottery:win:')).filter((transfer) =>
      slipIds.some((id) => transfer.id === `lottery:win:slip:${id}`),
    );
    expect(wins.map((transfer) => [transfer.id, transfer.amount_minor]).sort()).toEqual(
      [
        [`lottery:win:slip:${slips[0]?.slipId}`, 3n * 9700n],
        [`lottery:win:slip:${slips[1]?.slipId}`, 2n * 9700n],
      ].sort(),
    );
    expect(await balanceOf(context.app, member.token)).toBe(1000 - 60 + 5 * 97);
    expect(await ledgerBreaks(db())).toEqual([]);
  });

  it('refuses each limit with its own code and changes nothing', async () => {
    const { gameCode, draw } = await openHouseDraw({
      maxStakeMinor: 100_000n,
      maxLiabilityMinor: 1_000_000n,
    });
    const member = await fundedMember(context.app, db(), 100_000, 'llimit');
    const line = (amountPerPoint: number, digit = '3') => ({
      betType: 'position_digit',
      numbers: [digit],
      position: 2,
      amountPerPoint,
    });
    const over = await place(member.token, slipBody(gameCode, draw.drawId, [line(1001)]));
    expect(over.body).toMatchObject({
      errorCode: 'LOTTERY_STAKE_LIMIT',
      details: { maxAmount: 1000 },
    });
    const under = await place(member.token, slipBody(gameCode, draw.drawId, [line(0.5)]));
    expect(under.body.errorCode).toBe('LOTTERY_STAKE_TOO_SMALL');
    const total = await place(member.token, slipBody(gameCode, draw.drawId, [line(10)], 11));
    expect(total.body.errorCode).toBe('LOTTERY_SLIP_TOTAL_MISMATCH');
    const type = await place(member.token, {
      ...slipBody(gameCode, draw.drawId, [line(10)]),
      bets: [{ ...line(10), betType: 'lo2' }],
    });
    expect(type.body.errorCode).toBe('LOTTERY_BET_TYPE_UNKNOWN');
    // 9.7 x stake per hit on one number: 1000 stake owes 9700; the limit is 10000.
    const first = await place(member.token, slipBody(gameCode, draw.drawId, [line(1000)]));
    expect(first.status).toBe(200);
    const second = await place(member.token, slipBody(gameCode, draw.drawId, [line(100)]));
    expect(second.status).toBe(409);
    expect(second.body.errorCode).toBe('LOTTERY_LIABILITY_LIMIT');
    // Another number still has room.
    const other = await place(member.token, slipBody(gameCode, draw.drawId, [line(100, '4')]));
    expect(other.status).toBe(200);
    expect(await balanceOf(context.app, member.token)).toBe(100_000 - 1000 - 100);
    const liability = await sql<{ key: string; liability_minor: bigint }>`
      SELECT key, liability_minor FROM lottery_liability WHERE draw_id = ${draw.drawId} ORDER BY key
    `.execute(db());
    expect(liability.rows).toEqual([
      { key: 'position_digit:2:3', liability_minor: 970000n },
      { key: 'position_digit:2:4', liability_minor: 97000n },
    ]);
  });

  it('cancels a bet before close where allowed (refunded once), and refuses elsewhere', async () => {
    const allowed = await openHouseDraw({ cancelAllowed: true });
    const member = await fundedMember(context.app, db(), 100, 'lcancel');
    const placed = await place(
      member.token,
      slipBody(allowed.gameCode, allowed.draw.drawId, [
        { betType: 'position_digit', numbers: ['1', '2'], position: 0, amountPerPoint: 10 },
      ]),
    );
    expect(placed.body.value.totalAmount).toBe(20);
    const betId = placed.body.value.bets[0].betId;
    const cancelled = await callApi(context.app, 'POST', '/lotto/lgw/bets/cancel', {
      token: member.token,
      body: { betId },
    });
    expect(cancelled.body.value).toMatchObject({ betId, status: 'cancelled', payout: 20 });
    const twice = await callApi(context.app, 'POST', '/lotto/lgw/bets/cancel', {
      token: member.token,
      body: { betId },
    });
    expect(twice.body.errorCode).toBe('LOTTERY_BET_NOT_CANCELLABLE');
    expect(await balanceOf(context.app, member.token)).toBe(100);
    expect(await transfersLike(db(), `lottery:refund:${betId}`)).toHaveLength(1);

    const fixed = await openHouseDraw({ cancelAllowed: false });
    const other = await place(
      member.token,
      slipBody(fixed.gameCode, fixed.draw.drawId, [
        { betType: 'sum_odd_even', numbers: ['odd'], amountPerPoint: 10 },
      ]),
    );
    const refused = await callApi(context.app, 'POST', '/lotto/lgw/bets/cancel', {
      token: member.token,
      body: { betId: other.body.value.bets[0].betId },
    });
    expect(refused.body.errorCode).toBe('LOTTERY_BET_NOT_CANCELLABLE');
    expect(await ledgerBreaks(db())).toEqual([]);
  });

  it('cancels a bet on a database of one connection: nothing reads the pool inside its transaction', async () => {
    const allowed = await openHouseDraw({ cancelAllowed: true });
    const member = await fundedMember(context.app, db(), 100, 'lonecon');
    const placed = await place(
      member.token,
      slipBody(allowed.gameCode, allowed.draw.drawId, [
        { betType: 'position_digit', numbers: ['1'], position: 0, amountPerPoint: 10 },
      ]),
    );
    const betId = BigInt(placed.body.value.bets[0].betId);
    // One connection, given up on quickly: a pool read inside the transaction would wait for
    // the connection the transaction holds, and fail here instead of stalling a busy server.
    const single = singleConnectionDatabase(context.database.url);
    try {
      const { lottery } = lotteryOn(single);
      const cancelled = await lottery.slips.cancelBet({
        merchantCode: BASE_MERCHANT_CODE,
        memberId: member.id,
        betId,
      });
      expect(cancelled).toMatchObject({ status: 'cancelled', payout: 10 });
    } finally {
      await single.destroy();
    }
    expect(await balanceOf(context.app, member.token)).toBe(100);
    expect(await ledgerBreaks(db())).toEqual([]);
  });

  it('voids a draw: every bet refunded once, whatever runs again', async () => {
    const { gameCode, draw } = await openHouseDraw();
    const member = await fundedMember(context.app, db(), 100, 'lvoid');
    const placed = await place(
      member.token,
      slipBody(gameCode, draw.drawId, [
        { betType: 'sum_big_small', numbers: ['big'], amountPerPoint: 7 },
        { betType: 'dragon_tiger', numbers: ['tie'], amountPerPoint: 3 },
      ]),
    );
    expect(placed.status).toBe(200);
    expect(await balanceOf(context.app, member.token)).toBe(90);
    const admin = await operatorToken(context.app, db(), 'lvoidadmin', 'admin');
    const voided = await callApi(context.app, 'POST', '/admin/lottery/draws/void', {
      token: admin,
      body: { drawId: draw.drawId, reason: 'feed outage' },
    });
    expect(voided.status).toBe(200);
    expect(voided.body.value).toMatchObject({
      status: 'void',
      voidReason: 'feed outage',
      seed: null,
    });
    const again = await callApi(context.app, 'POST', '/admin/lottery/draws/void', {
      token: admin,
      body: { drawId: draw.drawId, reason: 'again' },
    });
    expect(again.body.errorCode).toBe('LOTTERY_DRAW_STATE');
    const { lottery } = lotteryOn(db());
    await lottery.tick(new Date(draw.drawAtMs + 1000));
    await lottery.engine.refundVoidDraw(BigInt(draw.drawId));
    expect(await balanceOf(context.app, member.token)).toBe(100);
    expect(await transfersLike(db(), 'lottery:refund:')).toEqual(
      expect.arrayContaining(
        placed.body.value.bets.map((bet: { betId: number; stake: number }) => ({
          id: `lottery:refund:${bet.betId}`,
          amount_minor: BigInt(bet.stake * 100),
        })),
      ),
    );
    expect((await drawRow(db(), draw.drawId))?.status).toBe('void');
    expect(await ledgerBreaks(db())).toEqual([]);
  });

  it('settles a real draw only after a second operator confirms the entered result', async () => {
    const gameCode = await addTestGame(db(), { format: 'VN_NORTH', source: 'real' });
    const { lottery } = lotteryOn(db());
    await lottery.tick(new Date());
    const draw = await openDrawOf(db(), gameCode);
    expect(draw.seed).toBeNull();
    const member = await fundedMember(context.app, db(), 100, 'lreal');
    const placed = await place(
      member.token,
      slipBody(gameCode, draw.drawId, [
        { betType: 'de', numbers: ['45'], amountPerPoint: 1 },
        { betType: 'lo2', numbers: ['07'], amountPerPoint: 1 },
      ]),
    );
    expect(placed.status).toBe(200);
    await lottery.tick(new Date(draw.drawAtMs + 1000));
    expect((await drawRow(db(), draw.drawId))?.status).toBe('closed');

    const first = await operatorToken(context.app, db(), 'lrealone', 'admin');
    const second = await operatorToken(context.app, db(), 'lrealtwo', 'admin');
    const support = await operatorToken(context.app, db(), 'lrealsup', 'support');
    // The console picks the result form from each listed draw's format.
    const listed = await callApi(context.app, 'GET', `/admin/lottery/draws?gameCode=${gameCode}`, {
      token: support,
    });
    expect(listed.body.value.list[0]).toMatchObject({ gameCode, format: 'VN_NORTH' });
    const result = {
      special: ['12345'],
      first: ['11111'],
      second: ['22222', '33333'],
      third: ['44444', '55555', '66666', '77777', '88888', '99999'],
      fourth: ['1234', '2345', '3456', '4567'],
      fifth: ['5678', '6789', '7890', '8901', '9012', '0123'],
      sixth: ['107', '208', '309'],
      seventh: ['07', '10', '20', '30'],
    };
    const invalid = await callApi(context.app, 'POST', '/admin/lottery/draws/result', {
      token: first,
      body: { drawId: draw.drawId, result: { ...result, special: ['123'] } },
    });
    expect(invalid.body.errorCode).toBe('LOTTERY_RESULT_INVALID');
    const forbidden = await callApi(context.app, 'POST', '/admin/lottery/draws/result', {
      token: support,
      body: { drawId: draw.drawId, result },
    });
    expect(forbidden.body.errorCode).toBe('FORBIDDEN');
    const entered = await callApi(context.app, 'POST', '/admin/lottery/draws/result', {
      token: first,
      body: { drawId: draw.drawId, result },
    });
    expect(entered.body.value).toMatchObject({ status: 'entered', result: null, betCount: 2 });
    const self = await callApi(context.app, 'POST', '/admin/lottery/draws/confirm', {
      token: first,
      body: { drawId: draw.drawId },
    });
    expect(self.body.errorCode).toBe('LOTTERY_SAME_OPERATOR');
    expect(await balanceOf(context.app, member.token)).toBe(98);
    const confirmed = await callApi(context.app, 'POST', '/admin/lottery/draws/confirm', {
      token: second,
      body: { drawId: draw.drawId },
    });
    expect(confirmed.body.value).toMatchObject({ status: 'settled', result });
    const trail = await callApi(context.app, 'GET', '/admin/audit-log?limit=100', {
      token: second,
    });
    const drawEntries = trail.body.value.items.filter(
      (entry: { subjectType: string; subjectId: string }) =>
        entry.subjectType === 'lottery_draw' && entry.subjectId === String(draw.drawId),
    );
    expect(drawEntries.map((entry: { action: string; role: string }) => entry.role)).toEqual([
      'admin',
      'admin',
    ]);
    // đề 45 wins (the special prize 12345 ends in 45); lô 07 hits twice (107 and 07).
    const bets = await callApi(context.app, 'GET', `/lotto/lgw/bets?gameCode=${gameCode}`, {
      token: member.token,
    });
    const byType = Object.fromEntries(
      bets.body.value.list.map((bet: { betType: string; hits: number; status: string }) => [
        bet.betType,
        [bet.status, bet.hits],
      ]),
    );
    expect(byType).toEqual({ de: ['won', 1], lo2: ['won', 2] });
    const list = await callApi(
      context.app,
      'GET',
      `/admin/lottery/draws?gameCode=${gameCode}&status=settled`,
      {
        token: support,
      },
    );
    expect(list.body.value.list[0]).toMatchObject({ drawId: draw.drawId, status: 'settled' });
    const audit = await callApi(context.app, 'GET', '/admin/audit-log', { token: first });
    const actions = audit.body.value.items.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['lottery.result.enter', 'lottery.result.confirm']),
    );
    expect(await ledgerBreaks(db())).toEqual([]);
  });

  it('changes no draw whose audit entry cannot be written: enter, confirm and void', async () => {
    const gameCode = await addTestGame(db(), { format: 'VN_NORTH', source: 'real' });
    const { lottery } = lotteryOn(db());
    await lottery.tick(new Date());
    const draw = await openDrawOf(db(), gameCode);
    const member = await fundedMember(context.app, db(), 100, 'laudit');
    const placed = await place(
      member.token,
      slipBody(gameCode, draw.drawId, [{ betType: 'de', numbers: ['45'], amountPerPoint: 1 }]),
    );
    expect(placed.status).toBe(200);
    await lottery.tick(new Date(draw.drawAtMs + 1000));
    const first = await operatorToken(context.app, db(), 'lauditone', 'admin');
    const second = await operatorToken(context.app, db(), 'laudittwo', 'admin');
    const result = {
      special: ['12345'],
      first: ['11111'],
      second: ['22222', '33333'],
      third: ['44444', '55555', '66666', '77777', '88888', '99999'],
      fourth: ['1234', '2345', '3456', '4567'],
      fifth: ['5678', '6789', '7890', '8901', '9012', '0123'],
      sixth: ['107', '208', '309'],
      seventh: ['07', '10', '20', '30'],
    };
    const subjectId = String(draw.drawId);
    const refusedCall = async (action: string, path: string, token: string, body: object) => {
      const allow = await refuseAuditEntries(db(), action);
      try {
        const answer = await callApi(context.app, 'POST', path, { token, body });
        expect(answer.status).toBe(500);
      } finally {
        await allow();
      }
      expect(await auditEntriesOf(db(), action, subjectId)).toBe(0);
    };

    await refusedCall('lottery.result.enter', '/admin/lottery/draws/result', first, {
      drawId: draw.drawId,
      result,
    });
    const notEntered = await sql<{ status: string; entered_result: unknown }>`
      SELECT status, entered_result FROM lottery_draws WHERE id = ${draw.drawId}
    `.execute(db());
    expect(notEntered.rows[0]).toEqual({ status: 'closed', entered_result: null });

    const entered = await callApi(context.app, 'POST', '/admin/lottery/draws/result', {
      token: first,
      body: { drawId: draw.drawId, result },
    });
    expect(entered.body.value).toMatchObject({ status: 'entered' });
    const [enterEntry] = (
      await sql<{ operator_role: string | null }>`
        SELECT operator_role FROM audit_log
        WHERE action = 'lottery.result.enter' AND subject_id = ${subjectId}
      `.execute(db())
    ).rows;
    expect(enterEntry?.operator_role).toBe('admin');

    await refusedCall('lottery.result.confirm', '/admin/lottery/draws/confirm', second, {
      drawId: draw.drawId,
    });
    expect(await drawRow(db(), draw.drawId)).toMatchObject({ status: 'entered', result: null });

    await refusedCall('lottery.draw.void', '/admin/lottery/draws/void', second, {
      drawId: draw.drawId,
      reason: 'feed outage',
    });
    expect((await drawRow(db(), draw.drawId))?.status).toBe('entered');
    expect(await transfersLike(db(), 'lottery:refund:')).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ id: `lottery:refund:${placed.body.value.bets[0].betId}` }),
      ]),
    );
    expect(await balanceOf(context.app, member.token)).toBe(99);
    expect(await ledgerBreaks(db())).toEqual([]);
  });

  it('lets a trial account bet with its demo cash', async () => {
    const { gameCode, draw } = await openHouseDraw();
    const demo = await callApi(context.app, 'POST', '/wps/session/login/freeplay', {
      body: { os: 'Linux', platform: 'W' },
    });
    const token: string = demo.body.value.token;
    const before = await balanceOf(context.app, token);
    const placed = await place(
      token,
      slipBody(gameCode, draw.drawId, [
        { betType: 'sum_odd_even', numbers: ['even'], amountPerPoint: 25 },
      ]),
    );
    expect(placed.status).toBe(200);
    expect(await balanceOf(context.app, token)).toBe(before - 25);
  });

  it('appends one event per slip with its stake, one round.settled per settled slip and one refund per voided bet', async () => {
    const { gameCode, draw, result } = await openHouseDraw();
    const member = await fundedMember(context.app, db(), 1000, 'levent');
    const win = DIGIT(result, 0);
    const body = slipBody(gameCode, draw.drawId, [
      { betType: 'position_digit', numbers: [win], position: 0, amountPerPoint: 10 },
      { betType: 'position_digit', numbers: [otherDigit(win)], position: 0, amountPerPoint: 5 },
    ]);
    expect((await place(member.token, body)).status).toBe(200);
    expect((await place(member.token, body)).status).toBe(200);
    expect(await eventsOf(db(), 'lottery.slip-placed', member.id)).toEqual([
      {
        merchantCode: 'DEMO',
        payload: {
          memberId: member.id.toString(),
          slipId: body.slipId,
          gameCode,
          drawNo: expect.any(String),
          bets: 2,
          currency: 'VND',
          totalMinor: '1500',
        },
      },
    ]);
    await lotteryOn(db()).lottery.tick(new Date(draw.drawAtMs + 1000));
    const settled = await eventsOf(db(), 'round.settled', member.id);
    expect(settled).toMatchObject([
      {
        payload: {
          roundRef: `lottery:slip:${body.slipId}`,
          stakeMinor: '1500',
          validBetMinor: '1500',
          winMinor: '9700',
        },
      },
    ]);

    const voided = await openHouseDraw();
    const refundedMember = await fundedMember(context.app, db(), 100, 'lvoidevt');
    expect(
      (
        await place(
          refundedMember.token,
          slipBody(voided.gameCode, voided.draw.drawId, [
            { betType: 'sum_big_small', numbers: ['big'], amountPerPoint: 7 },
          ]),
        )
      ).status,
    ).toBe(200);
    const admin = await operatorToken(context.app, db(), 'leventadmin', 'admin');
    await callApi(context.app, 'POST', '/admin/lottery/draws/void', {
      token: admin,
      body: { drawId: voided.draw.drawId, reason: 'feed outage' },
    });
    await lotteryOn(db()).lottery.engine.refundVoidDraw(BigInt(voided.draw.drawId));
    await lotteryOn(db()).lottery.engine.refundVoidDraw(BigInt(voided.draw.drawId));
    expect(await eventsOf(db(), 'game.bet-refunded', refundedMember.id)).toMatchObject([
      { payload: { amountMinor: '700', currency: 'VND' } },
    ]);
  });

  it('answers a retried slip after its draw closed, and tells an unknown draw from a closed one', async () => {
    const { gameCode, draw } = await openHouseDraw();
    const member = await fundedMember(context.app, db(), 100, 'lretry');
    const line = { betType: 'position_digit', numbers: ['3'], position: 0, amountPerPoint: 5 };
    const body = slipBody(gameCode, draw.drawId, [line]);
    const placed = await place(member.token, body);
    expect(placed.status).toBe(200);
    await sql`UPDATE lottery_draws SET status = 'closed' WHERE id = ${draw.drawId}`.execute(db());
    const retried = await place(member.token, body);
    expect(retried.body.value).toEqual(placed.body.value);
    const late = await place(member.token, slipBody(gameCode, draw.drawId, [line]));
    expect(late.body.errorCode).toBe('LOTTERY_DRAW_CLOSED');
    const unknown = await place(member.token, slipBody(gameCode, 999_999_999, [line]));
    expect(unknown.body.errorCode).toBe('LOTTERY_DRAW_UNKNOWN');
    expect(await balanceOf(context.app, member.token)).toBe(95);
  });

  it('keeps a slip one round when some of its bets are cancelled, and cancels it when all are', async () => {
    const { gameCode, draw, result } = await openHouseDraw({ cancelAllowed: true });
    const member = await fundedMember(context.app, db(), 1000, 'lslipcancel');
    const win = DIGIT(result, 0);
    const kept = slipBody(gameCode, draw.drawId, [
      { betType: 'position_digit', numbers: [win], position: 0, amountPerPoint: 10 },
      { betType: 'position_digit', numbers: [otherDigit(win)], position: 0, amountPerPoint: 5 },
    ]);
    const dropped = slipBody(gameCode, draw.drawId, [
      { betType: 'position_digit', numbers: [win], position: 1, amountPerPoint: 3 },
    ]);
    const placedKept = await place(member.token, kept);
    const placedDropped = await place(member.token, dropped);
    const cancel = (betId: number) =>
      callApi(context.app, 'POST', '/lotto/lgw/bets/cancel', {
        token: member.token,
        body: { betId },
      });
    const loserId = placedKept.body.value.bets[1].betId;
    const droppedId = placedDropped.body.value.bets[0].betId;
    expect((await cancel(loserId)).status).toBe(200);
    expect((await cancel(droppedId)).status).toBe(200);
    const roundOf = async (slipId: string) =>
      (
        await sql<{
          status: string;
          stake_minor: bigint;
          refunded_minor: bigint;
          win_minor: bigint;
        }>`
          SELECT status, stake_minor, refunded_minor, win_minor FROM game_rounds
          WHERE round_ref = ${`lottery:slip:${slipId}`}`.execute(db())
      ).rows;
    expect(await roundOf(kept.slipId)).toEqual([
      { status: 'open', stake_minor: 1500n, refunded_minor: 500n, win_minor: 0n },
    ]);
    expect(await roundOf(dropped.slipId)).toEqual([
      { status: 'cancelled', stake_minor: 300n, refunded_minor: 300n, win_minor: 0n },
    ]);
    expect(
      (await eventsOf(db(), 'game.bet-refunded', member.id)).map((event) => event.payload),
    ).toEqual([
      expect.objectContaining({
        roundRef: `lottery:slip:${kept.slipId}`,
        transactionId: `lottery:refund:${loserId}`,
        amountMinor: '500',
      }),
      expect.objectContaining({
        roundRef: `lottery:slip:${dropped.slipId}`,
        transactionId: `lottery:refund:${droppedId}`,
        amountMinor: '300',
      }),
    ]);

    await lotteryOn(db()).lottery.tick(new Date(draw.drawAtMs + 1000));
    expect((await drawRow(db(), draw.drawId))?.status).toBe('settled');
    expect(await roundOf(kept.slipId)).toEqual([
      { status: 'settled', stake_minor: 1500n, refunded_minor: 500n, win_minor: 9700n },
    ]);
    expect(await eventsOf(db(), 'round.settled', member.id)).toMatchObject([
      {
        payload: {
          roundRef: `lottery:slip:${kept.slipId}`,
          stakeMinor: '1500',
          validBetMinor: '1000',
          winMinor: '9700',
        },
      },
    ]);
    expect(await balanceOf(context.app, member.token)).toBe(1000 - 10 + 97);
    expect(await ledgerBreaks(db())).toEqual([]);
  });

  it('settles the slips placed before per-slip rounds bet by bet, beside new slips in the same draw', async () => {
    const { gameCode, draw, result } = await openHouseDraw();
    const member = await fundedMember(context.app, db(), 1000, 'llegacy');
    const win = DIGIT(result, 0);
    const lines = [
      { betType: 'position_digit', numbers: [win], position: 0, amountPerPoint: 10 },
      { betType: 'position_digit', numbers: [win], position: 0, amountPerPoint: 20 },
      { betType: 'position_digit', numbers: [otherDigit(win)], position: 0, amountPerPoint: 5 },
    ];
    const legacy = slipBody(gameCode, draw.drawId, lines);
    const fresh = slipBody(gameCode, draw.drawId, lines);
    const placedLegacy = await place(member.token, legacy);
    expect((await place(member.token, fresh)).status).toBe(200);
    // The shape of a slip placed before the migration: a round per bet, paid per bet.
    const legacyRef = `lottery:slip:${legacy.slipId}`;
    await sql`UPDATE lottery_slips SET round_per_slip = false WHERE id = ${legacy.slipId}::uuid`.execute(
      db(),
    );
    await sql`DELETE FROM game_rounds WHERE round_ref = ${legacyRef}`.execute(db());
    await sql`DELETE FROM game_round_refs WHERE round_ref = ${legacyRef}`.execute(db());
    await sql`
      INSERT INTO game_rounds (merchant_code, member_id, vassalage, game_type, round_ref, currency,
        stake_minor, detail)
      SELECT merchant_code, member_id, 'TCG_ELOTT', 'ELOTT', 'lottery:' || id, currency,
        stake_minor, '{"engine":"lottery"}'::jsonb
      FROM lottery_bets WHERE slip_id = ${legacy.slipId}::uuid
    `.execute(db());

    await lotteryOn(db(), { settleBatchSize: 2 }).lottery.tick(new Date(draw.drawAtMs + 1000));
    expect((await drawRow(db(), draw.drawId))?.status).toBe('settled');
    const legacyIds: number[] = placedLegacy.body.value.bets.map(
      (bet: { betId: number }) => bet.betId,
    );
    const wins = (await transfersLike(db(), 'lottery:win:')).filter(
      (transfer) =>
        transfer.id.includes(fresh.slipId) ||
        legacyIds.some((id) => transfer.id === `lottery:win:${id}`),
    );
    expect(wins.map((transfer) => [transfer.id, transfer.amount_minor]).sort()).toEqual(
      [
        [`lottery:win:${legacyIds[0]}`, 9700n],
        [`lottery:win:${legacyIds[1]}`, 19400n],
        [`lottery:win:slip:${fresh.slipId}`, 29100n],
      ].sort(),
    );
    const settled = (await eventsOf(db(), 'round.settled', member.id)).map((event) => [
      event.payload.roundRef,
      event.payload.winMinor,
    ]);
    expect(settled.sort()).toEqual(
      [
        [`lottery:${legacyIds[0]}`, '9700'],
        [`lottery:${legacyIds[1]}`, '19400'],
        [`lottery:${legacyIds[2]}`, '0'],
        [`lottery:slip:${fresh.slipId}`, '29100'],
      ].sort(),
    );
    expect(await balanceOf(context.app, member.token)).toBe(1000 - 70 + 2 * 291);
    expect(await ledgerBreaks(db())).toEqual([]);
  });
});
