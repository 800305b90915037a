import {
  type GameCategory,
  type GameRecordTotals,
  type GameRoundStatus,
  minorToAmount,
} from '@app/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import {
  type FixtureGame,
  fixtureGameQueries,
  fixtureRoundQuery,
  runFixtureQueries,
} from '../../../test/game-round-fixtures.js';
import { insertMembers } from '../../../test/ledger-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import type { Db } from '../../db/database.js';
import { createServices } from '../../services.js';
import { createEventsService } from '../events/index.js';
import { createGameRecordsService, type GameRecordsService } from './service.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Rounds start within this many days before the test's start; queries reach a day further. */
const PLAY_DAYS = 6;
/** Zones whose days start on a whole UTC hour, off by 30 or 45 minutes, and with DST. */
const TIME_ZONES = [
  'UTC',
  'Asia/Ho_Chi_Minh',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/New_York',
  'Australia/Lord_Howe',
] as const;
/** Where days of those zones start, as offsets from UTC midnight (the edges rounds cluster on). */
const DAY_EDGE_OFFSETS_MS = [0, -7 * HOUR_MS, -5.5 * HOUR_MS, -5.75 * HOUR_MS, 5 * HOUR_MS];

const games: FixtureGame[] = [
  ['PRSLOTS', 'lucky-7', 'RNG'],
  ['PRSLOTS', 'fish-hunt', 'FISH'],
  ['PRLIVE', 'baccarat', 'LIVE'],
  ['PRLIVE', 'keno', 'LOTT'],
].map(([vassalage, gameCode, gameType]) => ({
  merchantCode: BASE_MERCHANT_CODE,
  vassalage: vassalage as string,
  vendorName: `${vassalage} vendor`,
  gameCode: gameCode as string,
  gameType: gameType as GameCategory,
  names: { EN: gameCode as string },
}));

const startedNowMs = Date.now();
const todayUtcMs = Math.floor(startedNowMs / DAY_MS) * DAY_MS;

/** An instant of the play window: random, or within a few ms or minutes of a day edge. */
const playInstant = fc
  .tuple(
    fc.integer({ min: 0, max: PLAY_DAYS }),
    fc.oneof(
      fc.integer({ min: 0, max: DAY_MS - 1 }),
      fc
        .tuple(
          fc.constantFrom(...DAY_EDGE_OFFSETS_MS),
          fc.oneof(
            fc.integer({ min: -2, max: 2 }),
            fc.integer({ min: -50, max: 50 }).map((m) => m * MINUTE_MS),
          ),
        )
        .map(([edge, delta]) => edge + delta),
    ),
  )
  .map(([daysBack, inDayMs]) =>
    Math.min(todayUtcMs - daysBack * DAY_MS + inDayMs, startedNowMs - 1),
  );

const roundShape = fc.record({
  member: fc.integer({ min: 0, max: 1 }),
  game: fc.integer({ min: 0, max: games.length - 1 }),
  status: fc.constantFrom<GameRoundStatus>('settled', 'settled', 'settled', 'open', 'cancelled'),
  stakeMinor: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  refundedShare: fc.constantFrom(0, 0, 0, 25, 100),
  winMinor: fc.bigInt({ min: 0n, max: 3n * 10n ** 9n }),
  startedAtMs: playInstant,
  /** Settlement up to a day and a half later: across day edges too. */
  settleDelayMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 36 * HOUR_MS })),
});
type RoundShape = typeof roundShape extends fc.Arbitrary<infer T> ? T : never;

/** A queried instant: random, or on a UTC hour, a UTC day or a UTC+7 day. */
const queryInstant = fc
  .tuple(
    fc.integer({ min: -DAY_MS, max: (PLAY_DAYS + 1) * DAY_MS }),
    fc.constantFrom(1, HOUR_MS, DAY_MS, -7 * HOUR_MS),
  )
  .map(([backMs, grain]) => {
    const at = startedNowMs - backMs;
    if (grain === 1) return at;
    if (grain > 0) return Math.floor(at / grain) * grain;
    return Math.floor((at - grain) / DAY_MS) * DAY_MS + grain;
  });

const periodQuery = fc.record({
  fromMs: queryInstant,
  toMs: queryInstant,
  // Half-hour zones twice as often: their split hours are the rarest case.
  timeZone: fc.constantFrom(...TIME_ZONES, 'Asia/Kolkata', 'Asia/Kathmandu'),
  gameType: fc.option(fc.constantFrom<GameCategory>('RNG', 'FISH', 'LIVE', 'LOTT', 'SPORTS'), {
    nil: undefined,
  }),
  status: fc.option(fc.constantFrom<GameRoundStatus>('open', 'settled', 'cancelled'), {
    nil: undefined,
  }),
  vassalage: fc.option(fc.constantFrom('PRSLOTS', 'PRLIVE'), { nil: undefined, freq: 4 }),
});
type PeriodQuery = typeof periodQuery extends fc.Arbitrary<infer T> ? T : never;

interface RawCell {
  day: string;
  gameType: GameCategory;
  rounds: number;
  stakeMinor: bigint;
  winMinor: bigint;
  refundedMinor: bigint;
}

const totalsOf = (cell: Omit<RawCell, 'day' | 'gameType'>): GameRecordTotals => ({
  rounds: cell.rounds,
  stake: minorToAmount(cell.stakeMinor),
  win: minorToAmount(cell.winMinor),
  refunded: minorToAmount(cell.refundedMinor),
  profit: minorToAmount(cell.winMinor + cell.refundedMinor - cell.stakeMinor),
});

/** The oracle: the member's raw rounds of the period summed per day of `timeZone` and category. */
async function rawCells(
  db: Db,
  memberId: bigint,
  query: PeriodQuery & { from: Date; to: Date },
): Promise<RawCell[]> {
  const result = await sql<Record<string, string>>`
    SELECT to_char((started_at AT TIME ZONE ${query.timeZone})::date, 'YYYY-MM-DD') AS day,
      game_type, count(*)::text AS rounds, sum(stake_minor)::text AS stake,
      sum(win_minor)::text AS win, sum(refunded_minor)::text AS refunded
    FROM game_rounds
    WHERE member_id = ${memberId.toString()} AND started_at >= ${query.from}
      AND started_at < ${query.to}
      AND (${query.gameType ?? null}::text IS NULL OR game_type = ${query.gameType ?? null})
      AND (${query.status ?? null}::text IS NULL OR status = ${query.status ?? null})
      AND (${query.vassalage ?? null}::text IS NULL OR vassalage = ${query.vassalage ?? null})
    GROUP BY 1, 2
  `.execute(db);
  return result.rows
    .map((row) => ({
      day: row.day ?? '',
      gameType: row.game_type as GameCategory,
      rounds: Number(row.rounds),
      stakeMinor: BigInt(row.stake ?? 0),
      winMinor: BigInt(row.win ?? 0),
      refundedMinor: BigInt(row.refunded ?? 0),
    }))
    .sort((a, b) =>
      a.day === b.day ? a.gameType.localeCompare(b.gameType) : a.day.localeCompare(b.day),
    );
}

function sumCells(cells: readonly RawCell[]): GameRecordTotals {
  const sum = { rounds: 0, stakeMinor: 0n, winMinor: 0n, refundedMinor: 0n };
  for (const cell of cells) {
    sum.rounds += cell.rounds;
    sum.stakeMinor += cell.stakeMinor;
    sum.winMinor += cell.winMinor;
    sum.refundedMinor += cell.refundedMinor;
  }
  return totalsOf(sum);
}

describe('betting record totals and P&L from the play rollups', () => {
  let database: TestDatabase;
  let db: Db;
  let records: GameRecordsService;
  let roundCounter = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    records = createGameRecordsService(db);
    await runFixtureQueries(db, games.flatMap(fixtureGameQueries));
  });
  afterAll(async () => {
    await database?.drop();
  });

  const viewer = (memberId: bigint) => ({
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    language: 'EN',
    fallbackLanguage: 'EN',
  });

  /** Settles rounds as the providers module does: each round with its event (the fixture). */
  async function settle(members: bigint[], rounds: readonly RoundShape[]) {
    await runFixtureQueries(
      db,
      rounds.map((round) => {
        roundCounter += 1;
        const game = games[round.game] as FixtureGame;
        const stakeMinor = round.stakeMinor;
        const refundedMinor =
          round.status === 'cancelled'
            ? stakeMinor
            : (stakeMinor * BigInt(round.refundedShare)) / 100n;
        return fixtureRoundQuery({
          merchantCode: BASE_MERCHANT_CODE,
          memberId: members[round.member] ?? 0n,
          vassalage: game.vassalage,
          gameCode: game.gameCode,
          gameType: game.gameType,
          roundRef: `prop-${roundCounter}`,
          status: round.status,
          stakeMinor,
          winMinor: round.status === 'settled' ? round.winMinor : 0n,
          refundedMinor: round.status === 'open' ? 0n : refundedMinor,
          startedAt: new Date(round.startedAtMs),
          settledAt:
            round.status === 'open' ? null : new Date(round.startedAtMs + round.settleDelayMs),
        });
      }),
    );
  }

  /** The rollups' consumer, run `batches` times with `batchSize` (a partial catch-up). */
  async function consume(batchSize: number, batches: number) {
    const consumer = { ...createServices(db).playRollups.consumer, batchSize };
    const events = createEventsService(db, { consumers: [consumer] });
    for (let batch = 0; batch < batches; batch += 1) await events.runBatch(consumer);
  }

  async function expectExact(memberId: bigint, query: PeriodQuery) {
    const [fromMs, toMs] =
      query.fromMs < query.toMs ? [query.fromMs, query.toMs] : [query.toMs, query.fromMs + 1];
    const from = new Date(fromMs);
    const to = new Date(toMs);
    const range = { from: from.toISOString(), to: to.toISOString() };
    const profit = await records.personalProfit(viewer(memberId), {
      ...range,
      timeZone: query.timeZone,
    });
    const expected = await rawCells(db, memberId, {
      ...query,
      gameType: undefined,
      status: undefined,
      vassalage: undefined,
      from,
      to,
    });
    expect(profit.list).toEqual(
      expected.map((cell) => ({ day: cell.day, gameType: cell.gameType, ...totalsOf(cell) })),
    );
    expect(profit.totals).toEqual(sumCells(expected));

    const betting = await records.bettingRecords(viewer(memberId), {
      ...range,
      gameType: query.gameType,
      status: query.status,
      vassalage: query.vassalage,
      pageNo: 1,
      pageSize: 1,
    });
    const filtered = await rawCells(db, memberId, { ...query, timeZone: 'UTC', from, to });
    expect(betting.totals).toEqual(sumCells(filtered));
    expect(betting.totalCount).toBe(sumCells(filtered).rounds);
  }

  it('equal the sums of the raw rounds for random rounds, lag and periods', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(roundShape, { minLength: 1, maxLength: 25 }),
        fc.array(roundShape, { maxLength: 8 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(periodQuery, { minLength: 1, maxLength: 4 }),
        async (applied, late, batchSize, batches, queries) => {
          const members = await insertMembers(db, 2, `prop${roundCounter}x`);
          await settle(members, applied);
          // Everything settled so far is applied, then a partial catch-up of later rounds: the
          // rest stays unapplied (the consumer's lag).
          await consume(1000, 3);
          await settle(members, late);
          await consume(batchSize, batches);
          for (const query of queries) {
            await expectExact(members[0] ?? 0n, query);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('give a day of a half-hour zone the rounds of the UTC hour it starts in, from the raw rounds', async () => {
    const [memberId] = (await insertMembers(db, 1, 'halfhour')) as [bigint];
    const dayStart = todayUtcMs - 2 * DAY_MS;
    const round = (startedAtMs: number) => ({
      member: 0,
      game: 0,
      status: 'settled' as const,
      stakeMinor: 10_000n,
      refundedShare: 0 as const,
      winMinor: 0n,
      startedAtMs,
      settleDelayMs: 0,
    });
    // 18:15 and 18:45 UTC are 23:45 and 00:15 (the next day) in Asia/Kolkata (UTC+5:30).
    await settle(
      [memberId],
      [round(dayStart + 18.25 * HOUR_MS), round(dayStart + 18.75 * HOUR_MS)],
    );
    await consume(1000, 3);
    const profit = await records.personalProfit(viewer(memberId), {
      from: new Date(dayStart).toISOString(),
      to: new Date(dayStart + DAY_MS).toISOString(),
      timeZone: 'Asia/Kolkata',
    });
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(profit.days.map((row) => [row.day, row.rounds])).toEqual([
      [day(dayStart), 1],
      [day(dayStart + DAY_MS), 1],
    ]);
  });

  it('read the rolled-up hours from the rollups and only the edges and the lag raw', async () => {
    const [memberId] = (await insertMembers(db, 1, 'rollread')) as [bigint];
    const dayStart = todayUtcMs - 3 * DAY_MS;
    const at = (ms: number) => ({
      member: 0,
      game: 0,
      status: 'settled' as const,
      stakeMinor: 10_000n,
      refundedShare: 0 as const,
      winMinor: 0n,
      startedAtMs: dayStart + ms,
      settleDelayMs: 0,
    });
    await settle([memberId], [at(10 * HOUR_MS), at(10 * HOUR_MS + 30 * MINUTE_MS)]);
    await consume(1000, 3);
    // Changed behind the consumer's back: the totals show it only if they read the rollups.
    await sql`UPDATE play_member_daily SET stake_minor = stake_minor + 500
      WHERE member_id = ${memberId.toString()}`.execute(db);
    const whole = {
      from: new Date(dayStart).toISOString(),
      to: new Date(dayStart + DAY_MS).toISOString(),
    };
    const totals = async (range: { from: string; to: string }) =>
      (await records.bettingRecords(viewer(memberId), { ...range, pageNo: 1, pageSize: 10 }))
        .totals;
    expect(await totals(whole)).toMatchObject({ rounds: 2, stake: 205 });
    // A range that starts inside the rounds' hour reads that partial hour raw.
    const partial = {
      from: new Date(dayStart + 10 * HOUR_MS + MINUTE_MS).toISOString(),
      to: whole.to,
    };
    expect(await totals(partial)).toMatchObject({ rounds: 1, stake: 100 });
    // A vendor filter cannot use the rollups (they have no vendor): all raw.
    const vendor = await records.bettingRecords(viewer(memberId), {
      ...whole,
      vassalage: 'PRSLOTS',
      pageNo: 1,
      pageSize: 10,
    });
    expect(vendor.totals).toMatchObject({ rounds: 2, stake: 200 });
    // A round settled after the consumer ran counts at once, from the raw rounds.
    await settle([memberId], [at(11 * HOUR_MS)]);
    expect(await totals(whole)).toMatchObject({ rounds: 3, stake: 305 });
    await consume(1000, 3);
    expect(await totals(whole)).toMatchObject({ rounds: 3, stake: 305 });
  });
});
