import { availableParallelism, loadavg } from 'node:os';
import { type LotteryFormatCode, lotteryFormats } from '@app/game-math/lottery/index';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.js';
import { DEMO_MERCHANT_CODE } from '../apps/server/src/db/seed.js';
import {
  insertLotteryGame,
  lotteryWithEngine,
} from '../apps/server/src/modules/lottery/test-seams.js';
import { createServices } from '../apps/server/src/services.js';
import { runBench, withSeededDatabase } from './bench-main.js';
import { drawUniformity, settlementSpeed, UNIFORMITY_DRAWS } from './lottery-maths.js';

const BETS = 100_000;
const MEMBERS = 1_000;
const BETS_PER_SLIP = 100;
const AMOUNT_PER_POINT_MINOR = 1_000n;
const GAME_CODE = 'BENCH_DIGIT5';

/** One draw's slips, bets (a random digit at a position each) and open rounds, in bulk. */
async function bulkInsert(db: Db, drawId: string, members: bigint[]): Promise<void> {
  const memberList = sql.join(members.map((id) => sql`${id.toString()}::bigint`));
  await sql`
    INSERT INTO lottery_slips (id, merchant_code, member_id, draw_id, fingerprint, total_minor)
    SELECT gen_random_uuid(), ${DEMO_MERCHANT_CODE}, m.id, ${drawId}::bigint, 'bench',
      ${(AMOUNT_PER_POINT_MINOR * BigInt(BETS_PER_SLIP)).toString()}::bigint
    FROM unnest(ARRAY[${memberList}]) AS m(id), generate_series(1, ${BETS / BETS_PER_SLIP / MEMBERS}) AS s
  `.execute(db);
  await sql`
    INSERT INTO lottery_bets (slip_id, merchant_code, member_id, game_id, draw_id, currency, bet_type,
      numbers, position, amount_per_point_minor, points, stake_minor, odds)
    SELECT s.id, s.merchant_code, s.member_id, g.id, s.draw_id, 'VND', 'position_digit',
      ARRAY[(floor(random() * 10))::int::text], (n % 5)::smallint,
      ${AMOUNT_PER_POINT_MINOR.toString()}::bigint, 1, ${AMOUNT_PER_POINT_MINOR.toString()}::bigint, 9.7
    FROM lottery_slips s JOIN lottery_games g ON g.game_code = ${GAME_CODE},
      generate_series(1, ${BETS_PER_SLIP}) AS n
    WHERE s.draw_id = ${drawId}::bigint
    ORDER BY s.id, n
  `.execute(db);
  // One round per slip, as `placeSlip` opens it.
  await sql`
    INSERT INTO game_rounds (merchant_code, member_id, vassalage, game_type, round_ref, currency, stake_minor, detail)
    SELECT s.merchant_code, s.member_id, 'TCG_ELOTT', 'ELOTT', 'lottery:slip:' || s.id, 'VND', s.total_minor,
      '{"engine":"lottery"}'::jsonb
    FROM lottery_slips s WHERE s.draw_id = ${drawId}::bigint
  `.execute(db);
}

async function main() {
  await withSeededDatabase('lottery', async ({ db }) => {
    const services = createServices(db, { lotteryPublish: async () => {} });
    const { ledger } = services;
    // The bench times the engine's settlement itself, which only the lottery's test seam shows.
    const { engine } = lotteryWithEngine(db, {
      ledger,
      audit: services.audit,
      publish: async () => {},
      log: { info: () => {}, error: () => {} },
    });
    await insertLotteryGame(db, {
      merchantCode: DEMO_MERCHANT_CODE,
      gameCode: GAME_CODE,
      area: 'ELOTT',
      prizeMode: 'Elott',
      format: 'DIGIT5',
      vassalage: 'TCG_ELOTT',
      names: { EN: 'Bench five digits' },
      source: 'house',
      schedule: { kind: 'interval', intervalSeconds: 3600 },
      closeOffsetSeconds: 10,
      cancelAllowed: false,
      minStakeMinor: 100n,
      maxStakeMinor: 1_000_000_000n,
      maxLiabilityMinor: 1_000_000_000_000n,
      sortOrder: 0,
    });
    await services.lottery.tick(new Date());
    const draw = (
      await sql<{ id: string; draw_at: Date }>`
        SELECT d.id, d.draw_at FROM lottery_draws d JOIN lottery_games g ON g.id = d.game_id
        WHERE g.game_code = ${GAME_CODE} AND d.status = 'open' ORDER BY d.draw_at LIMIT 1
      `.execute(db)
    ).rows[0];
    if (!draw) throw new Error('no open draw');

    // Set-up in bulk (not timed): members, their accounts, slips, bets and open rounds.
    const started = performance.now();
    await sql`
      INSERT INTO members (merchant_code, username, username_normalized, password_hash, nickname)
      SELECT ${DEMO_MERCHANT_CODE}, 'bench' || n, 'bench' || n, 'x', 'bench' || n
      FROM generate_series(1, ${MEMBERS}) AS n
    `.execute(db);
    const members = (
      await sql<{
        id: string;
      }>`SELECT id FROM members WHERE username LIKE 'bench%' ORDER BY id`.execute(db)
    ).rows.map((row) => BigInt(row.id));
    for (const memberId of members) {
      await ledger.memberAccount({
        merchantCode: DEMO_MERCHANT_CODE,
        memberId,
        asset: 'cash',
        currency: 'VND',
      });
    }
    await db.transaction().execute(async (trx) => {
      // Bulk set-up statements take longer than the app's statement timeout.
      await sql`SET LOCAL statement_timeout = 0`.execute(trx);
      await bulkInsert(trx, draw.id, members);
    });
    // A table this size in service has its statistics (autovacuum analyses it); the bulk
    // set-up above must not leave the planner guessing from an empty table's.
    await sql`ANALYZE lottery_slips, lottery_bets, game_rounds, ledger_accounts`.execute(db);
    const setUpSeconds = (performance.now() - started) / 1000;

    // Close and draw it, then time the settlement alone.
    const after = new Date(new Date(draw.draw_at).getTime() + 1000);
    await engine.advance(after);
    const settleStarted = performance.now();
    const settled = await engine.settleDraw(BigInt(draw.id));
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const outcome = (
      await sql<{ status: string; n: string; payout: string }>`
        SELECT status, count(*) AS n, coalesce(sum(payout_minor), 0) AS payout
        FROM lottery_bets WHERE draw_id = ${draw.id}::bigint GROUP BY status ORDER BY status
      `.execute(db)
    ).rows;
    const breaks = await ledger.reconcile();

    console.log(
      `lottery settlement: ${settled} bets of one draw (set-up ${setUpSeconds.toFixed(1)} s, load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
    );
    console.log(
      `  settled in ${settleSeconds.toFixed(2)} s: ${Math.round(settled / settleSeconds)} bets settled per second`,
    );
    for (const row of outcome) {
      console.log(`  ${row.status}: ${row.n} bets, paid ${Number(row.payout) / 100}`);
    }
    console.log(`  ledger invariants broken: ${breaks.length}`);

    // The pure half (bench/lottery-maths.ts): the house RNG's uniformity and the maths' speed.
    console.log(
      `draw RNG uniformity (chi-square of drawn digits, ${UNIFORMITY_DRAWS} seeded draws per format):`,
    );
    for (const format of Object.keys(lotteryFormats) as LotteryFormatCode[]) {
      const test = drawUniformity(format);
      console.log(
        `  ${format}: chi2 ${test.statistic.toFixed(2)} (df ${test.degreesOfFreedom}, 5% critical ${test.critical95.toFixed(2)}), p ${test.pValue.toFixed(3)}; settlement maths alone ${settlementSpeed(format).toLocaleString('en')} lines/s`,
      );
    }
  });
}

runBench(main);
