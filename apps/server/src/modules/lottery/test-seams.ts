import type { Db } from '../../db/database.js';
import { type LotteryDeps, wireLottery } from './create-lottery.js';
import { createLotteryRepository } from './repository.js';
import type { LotteryGameRecord } from './types.js';

/**
 * Test-only seams of the lottery module: its draw engine (to settle, crash and refund a draw
 * on cue) and a game written straight into its table. Only test helpers import this file; the
 * server reaches the module through `index.ts` and its declared `LotteryService`.
 */
export function lotteryWithEngine(db: Db, deps: LotteryDeps) {
  const { engine, ...wired } = wireLottery(db, deps);
  const { reads, slips, operators, tick } = wired;
  return { service: { reads, slips, operators, tick }, engine };
}

/** A lottery game of a merchant, without a catalogue entry (a test's private game). */
export async function insertLotteryGame(
  db: Db,
  game: Omit<LotteryGameRecord, 'id' | 'nodeId' | 'enabled'>,
): Promise<void> {
  await createLotteryRepository(db).insertGame(game);
}
