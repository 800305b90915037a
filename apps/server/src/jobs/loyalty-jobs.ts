import { z } from 'zod';
import { VIP_REEVALUATE_JOB, type VipService } from '../modules/vip/index.js';
import { defineJob } from './registry.js';
import type { JobLog } from './runner.js';

/**
 * Loyalty's recurring job: once a day (00:10 UTC) every member is placed again by the rolling
 * window, so a rank falls when old activity leaves it; the consumer raises ranks as events come.
 */
export function loyaltyJobs(deps: { vip: Pick<VipService, 'reevaluateAll'>; log: JobLog }) {
  return [
    defineJob({
      name: VIP_REEVALUATE_JOB,
      payload: z.object({}).passthrough(),
      schedule: '10 0 * * *',
      handler: async () => {
        const placed = await deps.vip.reevaluateAll();
        deps.log.info({ placed }, 'club ranks re-evaluated');
      },
    }),
  ];
}
