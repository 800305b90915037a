import { z } from 'zod';
import { defineJob } from './registry.js';
import type { JobLog } from './runner.js';

export const RAFFLE_DRAW_JOB = 'promotions-raffle-draw';

/** Raffles draw at their time: every minute, pg-boss runs the occurrence once across instances. */
export function promotionJobs(deps: { raffles: { drawDue(): Promise<number> }; log: JobLog }) {
  return [
    defineJob({
      name: RAFFLE_DRAW_JOB,
      payload: z.object({}).passthrough(),
      schedule: '* * * * *',
      handler: async () => {
        const drawn = await deps.raffles.drawDue();
        if (drawn > 0) deps.log.info({ drawn }, 'raffles drawn');
      },
    }),
  ];
}
