import { builtinGameHandlerOf } from '../games/index.js';
import type { BuiltinRoundRow } from '../repository.js';
import type { Engine } from './engine.js';
import { abandonOpenRound } from './round-transactions.js';
import { driveThroughWallet } from './wallet-rounds.js';

/** The job leaves a pending or paying round to its request for this long. */
export const BUILTIN_ROUND_RECOVER_AFTER_MS = 30_000;
/** A stepped round (Mines) left open this long is closed with the handler's `abandon`. */
export const BUILTIN_STEPPED_ROUND_ABANDON_AFTER_MS = 60 * 60_000;
/** Rounds the recovery job drives per run. */
export const BUILTIN_RECOVERY_BATCH = 100;

/** Drives one stalled round to its end (closing an open stepped round first); true when done. */
async function recoverRound(engine: Engine, round: BuiltinRoundRow): Promise<boolean> {
  let current = round;
  if (current.status === 'open') {
    const handler = builtinGameHandlerOf(current.gameCode);
    if (!handler) return false;
    const closed = await abandonOpenRound(engine, current, handler);
    if (!closed) return false;
    current = closed;
  }
  if (current.status === 'settled' || current.status === 'cancelled') return true;
  const driven = await driveThroughWallet(engine, current, { byJob: true });
  return driven.round.status === 'settled' || driven.round.status === 'cancelled';
}

/**
 * The recovery job: drives rounds a crash or a lost connection left pending or paying, and
 * closes stepped rounds left open too long with the handler's `abandon`. Answers how many
 * rounds it finished.
 */
export async function recoverStalledRounds(engine: Engine): Promise<number> {
  const nowMs = engine.now();
  const stalled = await engine.repository.stalledRounds(
    new Date(nowMs - BUILTIN_ROUND_RECOVER_AFTER_MS),
    new Date(nowMs - BUILTIN_STEPPED_ROUND_ABANDON_AFTER_MS),
    BUILTIN_RECOVERY_BATCH,
  );
  let finished = 0;
  for (const round of stalled) {
    try {
      if (await recoverRound(engine, round)) finished += 1;
    } catch (error) {
      // One round that cannot go on (the wallet down, a lost session) must not hold up the rest.
      engine.logError(
        { roundId: round.id.toString(), err: (error as Error).message },
        'built-in games: interrupted round not finished',
      );
    }
  }
  return finished;
}
