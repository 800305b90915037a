import type { z } from 'zod';

/** One kind of background job: its payload schema, its handler and, if recurring, its schedule. */
export interface JobDefinition<TPayload = unknown> {
  readonly name: string;
  readonly payload: z.ZodType<TPayload>;
  /** Cron expression (UTC) for jobs that recur; pg-boss runs each occurrence once across instances. */
  readonly schedule?: string;
  readonly handler: (payload: TPayload) => Promise<void>;
}

export function defineJob<TPayload>(definition: JobDefinition<TPayload>): JobDefinition<TPayload> {
  return definition;
}

/** Any job, as the runner sees it: it parses the payload with the job's own schema first. */
export interface RunnableJob {
  readonly name: string;
  readonly payload: { parse(data: unknown): unknown };
  readonly schedule?: string;
  readonly handler: (payload: never) => Promise<void>;
}
