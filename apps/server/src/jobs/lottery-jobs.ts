import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Lottery } from '../modules/lottery/index.js';
import { defineJob } from './registry.js';
import type { JobLog } from './runner.js';

/** How often the draw machine looks at the clock while its job runs (closing is this precise). */
export const LOTTERY_TICK_INTERVAL_MS = 1000;
/** A tick job runs until the next minute starts plus this, when the next scheduled job takes over. */
export const LOTTERY_TICK_OVERLAP_MS = 2000;
const MS_PER_MINUTE = 60_000;
export const LOTTERY_TICK_JOB = 'lottery-tick';

/**
 * The lottery's scheduled job: pg-boss starts it every minute on one instance; it ticks every
 * second until the next minute's job takes over. A tick only makes conditional changes, so a
 * duplicate or overlapping job (or a kick-off at start) changes nothing twice.
 */
export function lotteryJobs(deps: { lottery: Lottery; log: JobLog; now?: () => number }) {
  const now = deps.now ?? Date.now;
  let stopped = false;
  const job = defineJob({
    name: LOTTERY_TICK_JOB,
    payload: z.object({}).passthrough(),
    schedule: '* * * * *',
    handler: async () => {
      const endMs =
        Math.ceil((now() + 1) / MS_PER_MINUTE) * MS_PER_MINUTE + LOTTERY_TICK_OVERLAP_MS;
      while (!stopped && now() < endMs) {
        try {
          await deps.lottery.tick(new Date(now()));
        } catch (error) {
          // One bad pass (a lost connection) must not end the minute's ticking.
          deps.log.error(
            { error: error instanceof Error ? error.message : String(error) },
            'lottery tick failed',
          );
        }
        await sleep(LOTTERY_TICK_INTERVAL_MS);
      }
    },
  });
  return {
    jobs: [job],
    /** Ends the running tick loop (graceful shutdown). */
    stop() {
      stopped = true;
    },
  };
}
