import { randomUUID } from 'node:crypto';
import type { LotteryFormat, LotteryResult } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import type { LotteryPublish } from '../src/modules/lottery/index.js';
import { insertLotteryGame, lotteryWithEngine } from '../src/modules/lottery/test-seams.js';
import { createServices } from '../src/services.js';
import { BASE_MERCHANT_CODE } from './fixtures/base-merchant.js';

/** A lottery wired on the test database, with the events it published. */
export function lotteryOn(
  db: Db,
  options: {
    settleBatchSize?: number;
    settleWorkers?: number;
    slipSettleBatchSize?: number;
    ledger?: ReturnType<typeof createServices>['ledger'];
  } = {},
) {
  const services = createServices(db);
  const events: { topic: string; data: { type: string; drawId: number } }[] = [];
  const publish: LotteryPublish = async (event) => {
    events.push(event as (typeof events)[number]);
  };
  const { service, engine } = lotteryWithEngine(db, {
    ledger: options.ledger ?? services.ledger,
    audit: services.audit,
    publish,
    log: { info: () => {}, error: () => {} },
    ...(options.settleBatchSize ? { settleBatchSize: options.settleBatchSize } : {}),
    ...(options.settleWorkers ? { settleWorkers: options.settleWorkers } : {}),
    ...(options.slipSettleBatchSize ? { slipSettleBatchSize: options.slipSettleBatchSize } : {}),
  });
  // The declared service, and the engine through the module's test seam (a draw on cue).
  return { lottery: { ...service, engine }, events, ledger: services.ledger };
}

let gameCounter = 0;

/**
 * A test game of the demo merchant whose draws come once an hour (so a test's draw stays open
 * until the test closes it by ticking at a later time).
 */
export async function addTestGame(
  db: Db,
  options: {
    format?: LotteryFormat;
    source?: 'house' | 'real';
    cancelAllowed?: boolean;
    maxLiabilityMinor?: bigint;
    maxStakeMinor?: bigint;
  } = {},
): Promise<string> {
  gameCounter += 1;
  const gameCode = `TEST_${options.format ?? 'DIGIT5'}_${Date.now().toString(36).toUpperCase()}_${gameCounter}`;
  await insertLotteryGame(db, {
    merchantCode: BASE_MERCHANT_CODE,
    gameCode,
    area: options.format === 'VN_NORTH' ? 'VN' : 'ELOTT',
    prizeMode: options.format === 'VN_NORTH' ? 'Lott' : 'Elott',
    format: options.format ?? 'DIGIT5',
    vassalage: options.format === 'VN_NORTH' ? 'TCG_LOTTO_VN' : 'TCG_ELOTT',
    names: { EN: gameCode },
    source: options.source ?? 'house',
    schedule: { kind: 'interval', intervalSeconds: 3600 },
    closeOffsetSeconds: 10,
    cancelAllowed: options.cancelAllowed ?? false,
    minStakeMinor: 100n,
    maxStakeMinor: options.maxStakeMinor ?? 100_000_000n,
    maxLiabilityMinor: options.maxLiabilityMinor ?? 100_000_000_000n,
    sortOrder: 99,
  });
  return gameCode;
}

export interface OpenDraw {
  drawId: number;
  drawAtMs: number;
  closesAtMs: number;
  seed: string | null;
  drawKey: string | null;
}

/** The open draw of a game (after a tick), with its secret seed (tests read it to know the result). */
export async function openDrawOf(db: Db, gameCode: string): Promise<OpenDraw> {
  const result = await sql<{
    id: string;
    draw_at: Date;
    closes_at: Date;
    seed: string | null;
    draw_key: string | null;
  }>`
    SELECT d.id, d.draw_at, d.closes_at, d.seed, d.draw_key FROM lottery_draws d
    JOIN lottery_games g ON g.id = d.game_id
    WHERE g.game_code = ${gameCode} AND d.status = 'open' AND d.closes_at > now()
    ORDER BY d.draw_at LIMIT 1
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`no open draw of ${gameCode}`);
  return {
    drawId: Number(row.id),
    drawAtMs: new Date(row.draw_at).getTime(),
    closesAtMs: new Date(row.closes_at).getTime(),
    seed: row.seed,
    drawKey: row.draw_key,
  };
}

export async function drawRow(db: Db, drawId: number) {
  const result = await sql<{ status: string; result: LotteryResult | null; drawn_at: Date | null }>`
    SELECT status, result, drawn_at FROM lottery_draws WHERE id = ${drawId}
  `.execute(db);
  return result.rows[0];
}

/** Ledger transfers whose id starts with a prefix (each win and refund is one). */
export async function transfersLike(db: Db, prefix: string) {
  const result = await sql<{ id: string; amount_minor: bigint }>`
    SELECT id, amount_minor FROM ledger_transfers WHERE id LIKE ${`${prefix}%`} ORDER BY id
  `.execute(db);
  return result.rows;
}

export function slipBody(
  gameCode: string,
  drawId: number,
  bets: { betType: string; numbers: string[]; position?: number; amountPerPoint: number }[],
  totalAmount?: number,
) {
  return {
    slipId: randomUUID(),
    gameCode,
    drawId,
    bets,
    totalAmount:
      totalAmount ?? bets.reduce((sum, bet) => sum + bet.amountPerPoint * bet.numbers.length, 0),
  };
}
