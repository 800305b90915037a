import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLE_BATCH_SIZE } from '../../src/modules/lottery/index.js';
import { betTypeFor, drawHouseResult, settleLine } from '../../src/modules/lottery/maths.js';
import type { CrashPointName } from '../../src/safety/crash-points.js';
import { createServices } from '../../src/services.js';
import { BASE_CURRENCY, BASE_MERCHANT_CODE } from '../fixtures/base-merchant.js';
import { addTestGame, lotteryOn, openDrawOf } from '../lottery-fixtures.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

/** Members betting, and bets: two full chunks and part of a third, so a crash falls mid-draw. */
const MEMBERS = 50;
const BETS = 2 * SETTLE_BATCH_SIZE + 1_000;
const AMOUNT_PER_POINT_MINOR = 1_000n;
/** Three crashes or runs of the real server on two shared cores. */
const CRASH_TEST_TIMEOUT_MS = 300_000;
/** How long a jobs-role server may take to reach the settlement (pg-boss picks the tick up). */
const SETTLEMENT_WAIT_MS = 60_000;
const POLL_MS = 500;

interface BetRow {
  id: string;
  member_id: string;
  numbers: string[];
  position: number;
  status: string;
  hits: number | null;
  payout_minor: string;
}

/**
 * The lottery settles a draw in chunks of SETTLE_BATCH_SIZE bets, each chunk as sets (one
 * statement each for the outcomes, the wins and the rounds with their events). This kills the
 * real server inside the first chunk and right after it, then lets a server finish, and checks
 * every figure against the maths computed here: each bet settled once with its own outcome,
 * one win transfer per winning bet and none for a loser, each member credited exactly their
 * wins, the house debited exactly the total, one `round.settled` event per bet, and the ledger's
 * reconciliation clean. A further run over the finished bets changes nothing.
 */
describe('lottery settlement as sets, across crashes', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;
  let drawId: number;
  let expected: Map<string, { status: string; hits: number; payoutMinor: bigint }>;

  const count = async (query: RawBuilder<{ n: unknown }>) =>
    Number((await query.execute(database.db)).rows[0]?.n);
  const settledBets = () =>
    count(
      sql`SELECT count(*) AS n FROM lottery_bets WHERE draw_id = ${drawId} AND status <> 'open'`,
    );
  const winTransfers = () =>
    count(sql`SELECT count(*) AS n FROM ledger_transfers t
              JOIN lottery_bets b ON t.id = 'lottery:win:' || b.id WHERE b.draw_id = ${drawId}`);
  const settledEvents = () =>
    count(sql`SELECT count(*) AS n FROM events e
              JOIN lottery_bets b ON e.payload ->> 'roundRef' = 'lottery:' || b.id
              WHERE e.type = 'round.settled' AND b.draw_id = ${drawId}`);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const gameCode = await addTestGame(db);
    await lotteryOn(db).lottery.tick(new Date());
    const draw = await openDrawOf(db, gameCode);
    drawId = draw.drawId;
    const result = drawHouseResult('DIGIT5', {
      serverSeed: draw.seed as string,
      drawKey: draw.drawKey as string,
    });
    await sql`
      INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname)
      SELECT ${BASE_MERCHANT_CODE}, 'lset' || n, 'lset' || n, 'x', 'lset' || n
      FROM generate_series(1, ${MEMBERS}) AS n
    `.execute(db);
    const members = (
      await sql<{ id: string }>`SELECT id FROM members WHERE username LIKE 'lset%'`.execute(db)
    ).rows.map((row) => BigInt(row.id));
    await createServices(db).ledger.memberAccounts({
      merchantCode: BASE_MERCHANT_CODE,
      memberIds: members,
      asset: 'cash',
      currency: BASE_CURRENCY,
    });
    // Slips, bets (every digit at every position in turn, so one in ten wins) and open rounds.
    await sql`
      INSERT INTO lottery_slips (id, merchant_code, member_id, draw_id, fingerprint, total_minor)
      SELECT gen_random_uuid(), ${BASE_MERCHANT_CODE}, m.id, ${drawId}, 'test', 1
      FROM unnest(${members.map(String)}::bigint[]) AS m (id)
    `.execute(db);
    await sql`
      INSERT INTO lottery_bets (slip_id, merchant_code, member_id, game_id, draw_id, currency,
        bet_type, numbers, position, amount_per_point_minor, points, stake_minor, odds)
      SELECT s.id, s.merchant_code, s.member_id, g.id, s.draw_id, ${BASE_CURRENCY},
        'position_digit', ARRAY[((n / 5) % 10)::text], (n % 5)::smallint,
        ${AMOUNT_PER_POINT_MINOR.toString()}::bigint, 1, ${AMOUNT_PER_POINT_MINOR.toString()}::bigint, 9.7
      FROM generate_series(0, ${BETS - 1}) AS n
      JOIN lottery_slips s ON s.draw_id = ${drawId}
        AND s.member_id = (SELECT array_agg(id ORDER BY id) FROM members WHERE username LIKE 'lset%')[1 + n % ${MEMBERS}]
      JOIN lottery_games g ON g.game_code = ${gameCode}
    `.execute(db);
    await sql`
      INSERT INTO game_rounds (merchant_code, member_id, vassalage, game_type, round_ref, currency,
        stake_minor, detail)
      SELECT merchant_code, member_id, 'TCG_ELOTT', 'ELOTT', 'lottery:' || id, currency,
        stake_minor, '{"engine":"lottery"}'::jsonb
      FROM lottery_bets WHERE draw_id = ${drawId}
    `.execute(db);
    const bets = (
      await sql<BetRow>`SELECT id::text, member_id::text, numbers, position, status, hits,
        payout_minor::text FROM lottery_bets WHERE draw_id = ${drawId}`.execute(db)
    ).rows;
    const betType = betTypeFor('DIGIT5', 'position_digit');
    if (!betType) throw new Error('no position_digit');
    expected = new Map(
      bets.map((bet) => {
        const line = settleLine(
          betType,
          { numbers: bet.numbers, position: bet.position },
          AMOUNT_PER_POINT_MINOR,
          result,
        );
        const status = line.payoutMinor > 0n ? 'won' : 'lost';
        return [bet.id, { status, hits: line.hits, payoutMinor: line.payoutMinor }];
      }),
    );
    // Drawn as the scheduler would draw it at its time; the servers below settle it.
    await sql`
      UPDATE lottery_draws SET status = 'drawn', result = ${JSON.stringify(result)}::jsonb,
        drawn_at = now() WHERE id = ${drawId}
    `.execute(db);
  });

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  /** Starts a jobs server armed at `point` and waits until the settlement kills it. */
  async function settleUntilCrash(point: CrashPointName): Promise<void> {
    try {
      server = await startServerProcess(database.url, {
        env: { CRASH_AT: point, SERVER_ROLES: 'http,jobs' },
      });
    } catch (error) {
      // The tick that starts with the jobs may reach the point before the server answers.
      expect(String(error)).toContain('server exited early');
      return;
    }
    const signal = await Promise.race([
      server.exited(),
      new Promise((resolve) => setTimeout(() => resolve('still running'), SETTLEMENT_WAIT_MS)),
    ]);
    expect(signal, point).toBe('SIGKILL');
  }

  it(
    'settles each bet once with its exact outcome, one credit per winning bet, across a crash mid-draw',
    async () => {
      const winners = [...expected.values()].filter((bet) => bet.status === 'won');
      expect(winners.length).toBeGreaterThan(0);
      expect(winners.length).toBeLessThan(expected.size);

      await settleUntilCrash('lottery.settle-batch.before-commit');
      expect(await settledBets()).toBe(0);
      expect(await winTransfers()).toBe(0);
      expect(await settledEvents()).toBe(0);

      // Killed right after a chunk committed: whole chunks only (the other settler's chunk may
      // have committed in the same instant), and some bets still open.
      await settleUntilCrash('lottery.settle-batch.after-commit');
      const settledAfterCrash = await settledBets();
      expect([SETTLE_BATCH_SIZE, 2 * SETTLE_BATCH_SIZE]).toContain(settledAfterCrash);
      expect(await settledEvents()).toBe(settledAfterCrash);
      const firstChunkWins = await count(sql`
        SELECT count(*) AS n FROM lottery_bets WHERE draw_id = ${drawId} AND status = 'won'`);
      expect(await winTransfers()).toBe(firstChunkWins);

      server = await startServerProcess(database.url, { env: { SERVER_ROLES: 'http,jobs' } });
      const deadline = Date.now() + SETTLEMENT_WAIT_MS;
      for (;;) {
        const status = (
          await sql<{
            status: string;
          }>`SELECT status FROM lottery_draws WHERE id = ${drawId}`.execute(database.db)
        ).rows[0]?.status;
        if (status === 'settled') break;
        if (Date.now() > deadline) throw new Error(`draw still ${status}`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      await server.kill();
      server = undefined;

      await expectExactSettlement(winners.length);

      // Run again over the finished bets (the draw put back to drawn): nothing changes.
      await sql`UPDATE lottery_draws SET status = 'drawn' WHERE id = ${drawId}`.execute(
        database.db,
      );
      const again = await lotteryOn(database.db).lottery.engine.settleDraw(BigInt(drawId));
      expect(again).toBe(0);
      await expectExactSettlement(winners.length);
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  async function expectExactSettlement(winnerCount: number): Promise<void> {
    const db = database.db;
    const bets = (
      await sql<BetRow>`SELECT id::text, member_id::text, numbers, position, status, hits,
        payout_minor::text FROM lottery_bets WHERE draw_id = ${drawId}`.execute(db)
    ).rows;
    const wrong = bets.filter((bet) => {
      const want = expected.get(bet.id);
      return (
        !want ||
        bet.status !== want.status ||
        bet.hits !== want.hits ||
        BigInt(bet.payout_minor) !== want.payoutMinor
      );
    });
    expect(wrong).toEqual([]);
    // One transfer per winning bet, of its payout, house to the bet's member; none for a loser.
    const transfers = await sql<{ bad: string; n: string }>`
      SELECT count(*) FILTER (WHERE t.amount_minor <> b.payout_minor OR b.status <> 'won'
          OR c.member_id <> b.member_id OR d.owner_kind <> 'system')::text AS bad,
        count(*)::text AS n
      FROM lottery_bets b
      JOIN ledger_transfers t ON t.id = 'lottery:win:' || b.id
      JOIN ledger_accounts c ON c.id = t.credit_account_id
      JOIN ledger_accounts d ON d.id = t.debit_account_id
      WHERE b.draw_id = ${drawId}
    `.execute(db);
    expect(transfers.rows[0]).toEqual({ bad: '0', n: String(winnerCount) });
    // Each member's balance is exactly the sum of their wins; the house paid exactly the total.
    const members = await sql<{ member_id: string; balance: string; wins: string }>`
      SELECT a.member_id::text, a.balance_minor::text AS balance, w.wins::text
      FROM ledger_accounts a
      JOIN (SELECT member_id, sum(payout_minor) AS wins FROM lottery_bets
            WHERE draw_id = ${drawId} GROUP BY member_id) w ON w.member_id = a.member_id
      WHERE a.balance_minor <> w.wins
    `.execute(db);
    expect(members.rows).toEqual([]);
    let total = 0n;
    for (const bet of expected.values()) total += bet.payoutMinor;
    const house = await sql<{ total: string }>`
      SELECT coalesce(sum(-e.amount_minor), 0)::text AS total FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.owner_kind = 'system' AND e.transfer_id LIKE 'lottery:win:%'
    `.execute(db);
    expect(house.rows[0]?.total).toBe(total.toString());
    // Every round closed with its win, announced once.
    const rounds = await count(sql`
      SELECT count(*) AS n FROM game_rounds r JOIN lottery_bets b ON r.round_ref = 'lottery:' || b.id
      WHERE b.draw_id = ${drawId} AND r.status = 'settled' AND r.win_minor = b.payout_minor`);
    expect(rounds).toBe(expected.size);
    const events = await sql<{ refs: string; n: string; bad: string }>`
      SELECT count(DISTINCT e.payload ->> 'roundRef')::text AS refs, count(*)::text AS n,
        count(*) FILTER (WHERE (e.payload ->> 'winMinor')::bigint <> b.payout_minor)::text AS bad
      FROM events e JOIN lottery_bets b ON e.payload ->> 'roundRef' = 'lottery:' || b.id
      WHERE e.type = 'round.settled' AND b.draw_id = ${drawId}
    `.execute(db);
    expect(events.rows[0]).toEqual({
      refs: String(expected.size),
      n: String(expected.size),
      bad: '0',
    });
    expect(await createServices(db).ledger.reconcile()).toEqual([]);
  }
});
