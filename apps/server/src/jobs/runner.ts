import PgBoss from 'pg-boss';
import type { RunnableJob } from './registry.js';

/**
 * pg-boss's own schema. Not its default (`pgboss`): databases made before the move from pg-boss
 * 12 back to 10 (whose declared engines include Node 20) hold a newer job schema there, which
 * pg-boss 10 would not migrate down and could misread; the old schema is simply left unused.
 */
export const JOB_SCHEMA = 'jobs';

/** How long a stop waits for running jobs to finish. */
export const JOB_STOP_TIMEOUT_MS = 10_000;

export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunner {
  /** Queues one run of a job now; answers the job id. */
  send(name: string, payload: object): Promise<string | null>;
  stop(): Promise<void>;
  /** Jobs waiting to run (created or to be retried) in each queue, for `/metrics`. */
  queueDepths(): Promise<JobQueueDepth[]>;
}

export interface JobQueueDepth {
  name: string;
  queued: number;
}

/**
 * Starts pg-boss on the application database: a queue per job, a worker per queue, and the
 * schedules of recurring jobs. Several server instances may run it; each job runs once.
 */
export async function startJobRunner(options: {
  connectionString: string;
  jobs: readonly RunnableJob[];
  log: JobLog;
}): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: options.connectionString, schema: JOB_SCHEMA });
  // pg errors carry their whole client; the message and code say what happened.
  boss.on('error', (error: Error & { code?: string }) =>
    options.log.error({ error: error.message, code: error.code }, 'job runner error'),
  );
  await boss.start();
  for (const job of options.jobs) {
    await boss.createQueue(job.name);
    await boss.work(job.name, async (batch) => {
      for (const item of batch) {
        // The handler takes what its own schema parsed; `never` only erases the type in the list.
        await job.handler(job.payload.parse(item.data ?? {}) as never);
      }
    });
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
  }
  options.log.info({ jobs: options.jobs.map((job) => job.name) }, 'job runner started');
  return {
    send: (name, payload) => boss.send(name, payload),
    stop: () => boss.stop({ graceful: true, timeout: JOB_STOP_TIMEOUT_MS }),
    queueDepths: () =>
      Promise.all(
        options.jobs.map(async (job) => ({
          name: job.name,
          queued: await boss.getQueueSize(job.name),
        })),
      ),
  };
}
