import { z } from 'zod';
import type { AgentContracts } from '../modules/agent-contracts/index.js';
import { defineJob } from './registry.js';
import type { JobLog } from './runner.js';

export const AGENT_CONTRACTS_SETTLE_JOB = 'agent-contracts-settle';

/**
 * Settlement of agent contracts: every 5 minutes (the real-time salary's window, SPEC §9), each
 * run settles whatever period of any kind has ended since (hourly, daily and dividend periods
 * included) and retries failed ones. pg-boss runs each occurrence once across instances, and a
 * run that overlaps another still pays nothing twice (settlement.ts).
 */
export function agentContractJobs(deps: { agentContracts: AgentContracts; log: JobLog }) {
  return [
    defineJob({
      name: AGENT_CONTRACTS_SETTLE_JOB,
      payload: z.object({}).passthrough(),
      schedule: '*/5 * * * *',
      handler: async () => {
        const summary = await deps.agentContracts.settlement.settleDue().catch((error: Error) => {
          // pg-boss keeps a failed job's error to itself: say it here, then let it retry.
          deps.log.error({ error: error.message }, 'agent contract settlement failed');
          throw error;
        });
        if (summary.paid + summary.failed + summary.carried > 0) {
          deps.log.info({ summary }, 'agent contracts settled');
        }
        if (summary.failed > 0) deps.log.error({ summary }, 'agent contract payments failed');
      },
    }),
  ];
}
