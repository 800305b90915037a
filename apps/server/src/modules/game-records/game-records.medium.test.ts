import { GAME_RECORD_HISTORY_DAYS } from '@app/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMerchant } from '../../../test/db-helpers.js';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import {
  type FixtureGame,
  fixtureGameQueries,
  fixtureRoundQuery,
  runFixtureQueries,
} from '../../../test/game-round-fixtures.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const OTHER_MERCHANT = 'RECOTHER';
const RECORDS = '/wps/member/game-records';

const slot: FixtureGame = {
  merchantCode: BASE_MERCHANT_CODE,
  vassalage: 'RECSLOTS',
  vendorName: 'Record Slots',
  gameCode: 'lucky-7',
  gameType: 'RNG',
  names: { EN: 'Lucky Seven', VI: 'Bảy May Mắn' },
};
const table: FixtureGame = {
  merchantCode: BASE_MERCHANT_CODE,
  vassalage: 'RECLIVE',
  vendorName: 'Record Live',
  gameCode: 'baccarat',
  gameType: 'LIVE',
  names: { EN: 'Baccarat' },
};

/** Midnight UTC `days` days ago. */
function utcMidnightDaysAgo(days: number): Date {
  const today = new Date();
  return new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - days * DAY_MS,
  );
}

describe('game records: betting record, personal profit, round detail', () => {
  const context = useTestApp();
  /**
   * Three days of rounds, starting at UTC midnight three days ago: the last one (day 3, 01:00)
   * is yesterday's, so that it is in the past whatever the time of day the test runs.
   */
  const base = utcMidnightDaysAgo(3);
  const range = `from=${base.toISOString()}&to=${new Date(base.getTime() + 3 * DAY_MS).toISOString()}`;
  let alice: { token: string; memberId: string };
  let bob: { token: string; memberId: string };
  let aliceRoundIds: string[];
  let bobRoundId: string;

  async function member(merchant = BASE_MERCHANT_CODE) {
    const username = uniqueUsername('rec');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      merchant,
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(registered.status).toBe(200);
    const row = await sql<{ id: string }>`
      SELECT id FROM members WHERE username = ${username}`.execute(context.database.db);
    return {
      token: registered.body.value.session.token as string,
      memberId: row.rows[0]?.id ?? '',
    };
  }

  function round(
    owner: { memberId: string },
    game: FixtureGame,
    ref: string,
    atMs: number,
    money: { stake: bigint; win?: bigint; refunded?: bigint },
    extra: { status?: 'open' | 'settled' | 'cancelled'; detail?: Record<string, unknown> } = {},
  ) {
    return fixtureRoundQuery({
      merchantCode: game.merchantCode,
      memberId: owner.memberId,
      vassalage: game.vassalage,
      gameCode: game.gameCode,
      gameType: game.gameType,
      roundRef: ref,
      stakeMinor: money.stake,
      ...(money.win === undefined ? {} : { winMinor: money.win }),
      ...(money.refunded === undefined ? {} : { refundedMinor: money.refunded }),
      startedAt: new Date(atMs),
      ...extra,
    });
  }

  beforeAll(async () => {
    const db = context.database.db;
    await addMerchant(db, OTHER_MERCHANT);
    [alice, bob] = [await member(), await member()];
    const b = base.getTime();
    await runFixtureQueries(db, [...fixtureGameQueries(slot), ...fixtureGameQueries(table)]);
    aliceRoundIds = await runFixtureQueries(db, [
      // Day 1: a slot win and a live loss.
      round(
        alice,
        slot,
        'a-1',
        b + 10 * HOUR_MS,
        { stake: 10_000n, win: 25_000n },
        {
          detail: { choice: { lines: 20, bet: 100 }, outcome: { reels: ['7', '7', 'BAR'] } },
        },
      ),
      round(alice, table, 'a-2', b + 11 * HOUR_MS, { stake: 50_000n, win: 0n }),
      // Day 2: a slot loss at 20:00 UTC (the next day in UTC+7) and a cancelled live round.
      round(alice, slot, 'a-3', b + DAY_MS + 20 * HOUR_MS, { stake: 20_000n, win: 5_000n }),
      round(
        alice,
        table,
        'a-4',
        b + DAY_MS + 21 * HOUR_MS,
        { stake: 30_000n, refunded: 30_000n },
        {
          status: 'cancelled',
        },
      ),
      // Day 3: a slot round still open.
      round(alice, slot, 'a-5', b + 2 * DAY_MS + HOUR_MS, { stake: 5_000n }, { status: 'open' }),
      // Eighty days ago: inside the three months the records keep.
      round(alice, slot, 'a-old', Date.now() - 80 * DAY_MS, { stake: 1_000n, win: 3_000n }),
    ]);
    [bobRoundId] = (await runFixtureQueries(db, [
      round(bob, slot, 'b-1', b + 12 * HOUR_MS, { stake: 99_900n, win: 0n }),
    ])) as [string];
  });

  async function records(token: string, query: string, language?: string) {
    return callApi(context.app, 'GET', `${RECORDS}?${query}`, {
      token,
      ...(language ? { language } : {}),
    });
  }

  it('lists the member rounds newest first with names, money and totals', async () => {
    const { status, body } = await records(alice.token, range);
    expect(status).toBe(200);
    const value = body.value;
    expect(value.list.map((row: { roundRef: string }) => row.roundRef)).toEqual([
      'a-5',
      'a-4',
      'a-3',
      'a-2',
      'a-1',
    ]);
    expect(value.list[4]).toMatchObject({
      vassalage: 'RECSLOTS',
      vendorName: 'Record Slots',
      gameCode: 'lucky-7',
      gameName: 'Lucky Seven',
      gameType: 'RNG',
      status: 'settled',
      stake: 100,
      win: 250,
      refunded: 0,
      profit: 150,
      currency: 'VND',
    });
    expect(value.list[1]).toMatchObject({
      status: 'cancelled',
      stake: 300,
      refunded: 300,
      profit: 0,
    });
    expect(value.list[0]).toMatchObject({ status: 'open', settledAt: null, profit: -50 });
    // 1150 staked, 300 won, 300 refunded.
    expect(value.totals).toEqual({ rounds: 5, stake: 1150, win: 300, refunded: 300, profit: -550 });
    expect(value).toMatchObject({ pageNo: 1, totalCount: 5, totalPages: 1 });
  });

  it('filters by category, vendor, status and date, with totals of the filter', async () => {
    const live = await records(alice.token, `${range}&gameType=LIVE`);
    expect(live.body.value.list.map((row: { roundRef: string }) => row.roundRef)).toEqual([
      'a-4',
      'a-2',
    ]);
    expect(live.body.value.totals).toEqual({
      rounds: 2,
      stake: 800,
      win: 0,
      refunded: 300,
      profit: -500,
    });
    const vendor = await records(alice.token, `${range}&vassalage=RECSLOTS&status=settled`);
    expect(vendor.body.value.list.map((row: { roundRef: string }) => row.roundRef)).toEqual([
      'a-3',
      'a-1',
    ]);
    expect(vendor.body.value.totals.profit).toBe(150 - 150);
    const firstDay = await records(
      alice.token,
      `from=${base.toISOString()}&to=${new Date(base.getTime() + DAY_MS).toISOString()}`,
    );
    expect(firstDay.body.value.totalCount).toBe(2);
    const none = await records(alice.token, `${range}&gameType=FISH`);
    expect(none.body.value).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });
    expect(none.body.value.totals).toEqual({ rounds: 0, stake: 0, win: 0, refunded: 0, profit: 0 });
    const bad = await records(alice.token, `${range}&status=won`);
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('pages from 1, the totals always over the whole filter', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((pageNo) => records(alice.token, `${range}&pageSize=2&pageNo=${pageNo}`)),
    );
    expect(pages.map((page) => page.body.value.list.length)).toEqual([2, 2, 1]);
    expect(
      pages.flatMap((page) =>
        page.body.value.list.map((row: { roundRef: string }) => row.roundRef),
      ),
    ).toEqual(['a-5', 'a-4', 'a-3', 'a-2', 'a-1']);
    for (const page of pages) {
      expect(page.body.value).toMatchObject({ totalCount: 5, totalPages: 3, pageSize: 2 });
      expect(page.body.value.totals.profit).toBe(-550);
    }
    const past = await records(alice.token, `${range}&pageSize=2&pageNo=4`);
    expect(past.body.value.list).toEqual([]);
    const zero = await records(alice.token, `${range}&pageNo=0`);
    expect(zero.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('reaches three months back and refuses older ranges with their own code', async () => {
    const now = Date.now();
    const ninetyDays = await records(
      alice.token,
      `from=${new Date(now - 90 * DAY_MS).toISOString()}&vassalage=RECSLOTS`,
    );
    expect(ninetyDays.status).toBe(200);
    expect(ninetyDays.body.value.list.map((row: { roundRef: string }) => row.roundRef)).toContain(
      'a-old',
    );
    const tooOld = await records(
      alice.token,
      `from=${new Date(now - (GAME_RECORD_HISTORY_DAYS + 1) * DAY_MS).toISOString()}`,
    );
    expect(tooOld.status).toBe(400);
    expect(tooOld.body).toMatchObject({
      errorCode: 'RECORD_RANGE_TOO_OLD',
      details: { field: 'from' },
    });
    const reversed = await records(
      alice.token,
      `from=${new Date(now).toISOString()}&to=${new Date(now - DAY_MS).toISOString()}`,
    );
    expect(reversed.body.errorCode).toBe('DATE_RANGE_INVALID');
    // Without a range: the last 7 days.
    const recent = await records(alice.token, '');
    expect(recent.body.value.totalCount).toBe(5);
  });

  it('shows each member only their own rounds, in their own merchant', async () => {
    const bobs = await records(bob.token, range);
    expect(bobs.body.value.list.map((row: { roundRef: string }) => row.roundRef)).toEqual(['b-1']);
    expect(bobs.body.value.totals.stake).toBe(999);

    const other = await member(OTHER_MERCHANT);
    const otherGame = { ...slot, merchantCode: OTHER_MERCHANT };
    const [otherRoundId] = await runFixtureQueries(context.database.db, [
      ...fixtureGameQueries(otherGame),
      round(other, otherGame, 'o-1', base.getTime() + 10 * HOUR_MS, { stake: 7_000n }),
    ]);
    const others = await callApi(context.app, 'GET', `${RECORDS}?${range}`, {
      token: other.token,
      merchant: OTHER_MERCHANT,
    });
    expect(others.body.value.list.map((row: { roundRef: string }) => row.roundRef)).toEqual([
      'o-1',
    ]);
    const stillAlice = await records(alice.token, range);
    expect(stillAlice.body.value.totalCount).toBe(5);
    // Another member's round, here or at another merchant, does not exist for Alice.
    for (const id of [bobRoundId, otherRoundId]) {
      const detail = await callApi(context.app, 'GET', `${RECORDS}/round?roundId=${id}`, {
        token: alice.token,
      });
      expect(detail.status).toBe(404);
      expect(detail.body.errorCode).toBe('NOT_FOUND');
    }
    // A DEMO session is no session at the other merchant.
    const crossed = await callApi(context.app, 'GET', `${RECORDS}?${range}`, {
      token: alice.token,
      merchant: OTHER_MERCHANT,
    });
    expect(crossed.status).toBe(401);
    const guest = await callApi(context.app, 'GET', RECORDS);
    expect(guest.body.errorCode).toBe('SESSION_REQUIRED');
    // SPEC §6: records are a member action; a trial account (type 4) is refused.
    const trial = await callApi(context.app, 'POST', '/wps/session/login/freeplay', {
      body: { os: 'Linux', platform: 'W' },
    });
    const trialRecords = await callApi(context.app, 'GET', RECORDS, {
      token: trial.body.value.token,
    });
    expect(trialRecords.body.errorCode).toBe('TRIAL_ACCOUNT');
  });

  it('offers the categories and vendors the member played as filters', async () => {
    const { body } = await callApi(context.app, 'GET', `${RECORDS}/filters`, {
      token: alice.token,
    });
    expect(body.value).toEqual({
      gameTypes: ['LIVE', 'RNG'],
      vendors: [
        { vassalage: 'RECLIVE', name: 'Record Live' },
        { vassalage: 'RECSLOTS', name: 'Record Slots' },
      ],
    });
  });

  it('sums profit per UTC day and per category, with totals', async () => {
    const { status, body } = await callApi(context.app, 'GET', `${RECORDS}/profit?${range}`, {
      token: alice.token,
    });
    expect(status).toBe(200);
    const day = (offset: number) =>
      new Date(base.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const value = body.value;
    expect(value.timeZone).toBe('UTC');
    expect(value.list).toEqual([
      { day: day(0), gameType: 'LIVE', rounds: 1, stake: 500, win: 0, refunded: 0, profit: -500 },
      { day: day(0), gameType: 'RNG', rounds: 1, stake: 100, win: 250, refunded: 0, profit: 150 },
      { day: day(1), gameType: 'LIVE', rounds: 1, stake: 300, win: 0, refunded: 300, profit: 0 },
      { day: day(1), gameType: 'RNG', rounds: 1, stake: 200, win: 50, refunded: 0, profit: -150 },
      { day: day(2), gameType: 'RNG', rounds: 1, stake: 50, win: 0, refunded: 0, profit: -50 },
    ]);
    expect(value.days.map((row: { day: string; profit: number }) => [row.day, row.profit])).toEqual(
      [
        [day(0), -350],
        [day(1), -150],
        [day(2), -50],
      ],
    );
    expect(value.categories).toEqual([
      { gameType: 'LIVE', rounds: 2, stake: 800, win: 0, refunded: 300, profit: -500 },
      { gameType: 'RNG', rounds: 3, stake: 350, win: 300, refunded: 0, profit: -50 },
    ]);
    expect(value.totals).toEqual({ rounds: 5, stake: 1150, win: 300, refunded: 300, profit: -550 });
  });

  it('groups by the calendar days of the time zone the caller names', async () => {
    const { body } = await callApi(
      context.app,
      'GET',
      `${RECORDS}/profit?${range}&timeZone=Asia/Ho_Chi_Minh`,
      { token: alice.token },
    );
    const day = (offset: number) =>
      new Date(base.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    expect(body.value.timeZone).toBe('Asia/Ho_Chi_Minh');
    // 20:00 and 21:00 UTC of day 1 are 03:00 and 04:00 of day 2 in UTC+7.
    expect(
      body.value.days.map((row: { day: string; rounds: number }) => [row.day, row.rounds]),
    ).toEqual([
      [day(0), 2],
      [day(2), 3],
    ]);
    const bad = await callApi(context.app, 'GET', `${RECORDS}/profit?timeZone=Mars/Olympus`, {
      token: alice.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      details: { field: 'timeZone' },
    });
    const old = await callApi(
      context.app,
      'GET',
      `${RECORDS}/profit?from=${new Date(Date.now() - 100 * DAY_MS).toISOString()}`,
      { token: alice.token },
    );
    expect(old.body.errorCode).toBe('RECORD_RANGE_TOO_OLD');
  });

  it('shows one round with its detail, in the asked language, and the last round', async () => {
    const [firstId] = aliceRoundIds;
    const { status, body } = await callApi(
      context.app,
      'GET',
      `${RECORDS}/round?roundId=${firstId}`,
      {
        token: alice.token,
        language: 'VI',
      },
    );
    expect(status).toBe(200);
    expect(body.value).toMatchObject({
      roundId: firstId,
      roundRef: 'a-1',
      gameName: 'Bảy May Mắn',
      stake: 100,
      win: 250,
      detail: { choice: { lines: 20, bet: 100 }, outcome: { reels: ['7', '7', 'BAR'] } },
    });
    // No Vietnamese name: the merchant's default language.
    const live = await callApi(context.app, 'GET', `${RECORDS}/round?roundId=${aliceRoundIds[1]}`, {
      token: alice.token,
      language: 'VI',
    });
    expect(live.body.value.gameName).toBe('Baccarat');
    const unknown = await callApi(context.app, 'GET', `${RECORDS}/round?roundId=999999999`, {
      token: alice.token,
    });
    expect(unknown.body.errorCode).toBe('NOT_FOUND');
    const malformed = await callApi(context.app, 'GET', `${RECORDS}/round?roundId=abc`, {
      token: alice.token,
    });
    expect(malformed.body.errorCode).toBe('VALIDATION_FAILED');

    const last = await callApi(context.app, 'GET', `${RECORDS}/last`, { token: alice.token });
    expect(last.body.value.round).toMatchObject({ roundRef: 'a-5', status: 'open', detail: {} });
    const fresh = await member();
    const none = await callApi(context.app, 'GET', `${RECORDS}/last`, { token: fresh.token });
    expect(none.body.value).toEqual({ round: null });
  });

  it('describes the records calls in OpenAPI', async () => {
    const document = (await context.app.inject('/docs/json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        RECORDS,
        `${RECORDS}/filters`,
        `${RECORDS}/profit`,
        `${RECORDS}/round`,
        `${RECORDS}/last`,
      ]),
    );
  });
});
