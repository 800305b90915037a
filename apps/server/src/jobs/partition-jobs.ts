import { z } from 'zod';
import type { Db } from '../db/database.js';
import { maintainAuditPartitions } from '../modules/audit/index.js';
import { maintainLedgerPartitions, type PartitionMaintenance } from '../modules/ledger/index.js';
import { maintainLotteryPartitions } from '../modules/lottery/index.js';
import { maintainGameRoundPartitions } from '../modules/providers/index.js';
import { defineJob } from './registry.js';
import type { JobLog } from './runner.js';

export const PARTITIONS_MAINTAIN_JOB = 'partitions-maintain';

/** Each partitioned table's owner, which alone issues DDL on it. */
const maintainers: ReadonlyArray<(db: Db, now: Date) => Promise<PartitionMaintenance>> = [
  maintainLedgerPartitions,
  maintainGameRoundPartitions,
  maintainLotteryPartitions,
  maintainAuditPartitions,
];

/** Runs every owner's partition maintenance; what one run did, table by table. */
export async function maintainPartitions(db: Db, now: Date): Promise<PartitionMaintenance[]> {
  const results: PartitionMaintenance[] = [];
  for (const maintain of maintainers) results.push(await maintain(db, now));
  return results;
}

/**
 * Hourly, although a month's partition is needed only once a month: the run is a catalogue query
 * when there is nothing to do, and an instance that was down for days catches up within the hour.
 */
export function partitionJobs(deps: { db: Db; log: JobLog }) {
  return [
    defineJob({
      name: PARTITIONS_MAINTAIN_JOB,
      payload: z.object({}).passthrough(),
      schedule: '23 * * * *',
      handler: async () => {
        for (const result of await maintainPartitions(deps.db, new Date())) {
          const changed = result.created.length + result.archived.length + result.kept.length > 0;
          if (changed) deps.log.info(result, 'time partitions maintained');
        }
      },
    }),
  ];
}
