import { z } from 'zod';
import type { BonusService } from '../modules/bonus/index.js';
import { defineJob } from './registry.js';
import type { JobLog } from './runner.js';

/** The bonus engine's schedule: wagering bonuses past their expiry are removed each minute. */
export function bonusJobs(deps: { bonus: Pick<BonusService, 'expireDue'>; log: JobLog }) {
  return [
    defineJob({
      name: 'bonus-expire',
      payload: z.object({}).passthrough(),
      schedule: '* * * * *',
      handler: async () => {
        const expired = await deps.bonus.expireDue();
        if (expired > 0) deps.log.info({ expired }, 'expired bonuses removed');
      },
    }),
  ];
}
