import type { LotteryGameSettings } from './game-settings.js';
import type { LotteryOperators } from './operators.js';
import type { LotteryReads } from './service.js';
import type { LotterySlips } from './slips.js';

export type { LotteryGameSettings } from './game-settings.js';
export type { LotteryOperators, OperatorActor } from './operators.js';
export type { LotteryReads, LotteryScope } from './service.js';
export type { LotterySlips } from './slips.js';

/**
 * The lottery module's public surface: what the routes, the jobs and other modules may call.
 * Its repositories and its draw engine stay inside the module (tests reach them through
 * `test-seams.ts`, never through `index.ts`).
 */
export interface LotteryService {
  /** Player reads: games, draws, results, trends, the member's own bets. */
  reads: LotteryReads;
  /** Player money: slips placed and bets cancelled, each in one transaction. */
  slips: LotterySlips;
  /** The operator console's draws (list, enter and confirm results, void) and games' settings. */
  operators: LotteryOperators & LotteryGameSettings;
  /** One pass of the scheduler at `at` (default: now): plan, close, draw, settle, refund. */
  tick(at?: Date): Promise<void>;
}
