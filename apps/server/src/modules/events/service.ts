import type { Db } from '../../db/database.js';
import { crashPoint } from '../../safety/crash-points.js';
import {
  type ConsumerLag,
  createEventsRepository,
  insertEvents,
  selectUnapplied,
} from './repository.js';
import {
  type EventPayload,
  type EventType,
  eventPayloadSchemas,
  type NewEvent,
  type StoredEvent,
} from './types.js';

/** How often an idle runner looks for new events (the bet path sends no wake-up signal). */
export const EVENTS_POLL_INTERVAL_MS = 500;
/** The most events one consumer batch may take (one transaction). */
export const EVENTS_MAX_BATCH_SIZE = 1000;
/** Batches one consumer runs in a row before the others get a turn. */
export const EVENTS_MAX_BATCHES_PER_TURN = 20;
/** Applied events are kept this long by default (config EVENTS_RETENTION_DAYS). */
export const EVENTS_DEFAULT_RETENTION_DAYS = 7;
/** Events one prune statement deletes at most (a pass repeats until done). */
export const EVENTS_PRUNE_BATCH = 10_000;
/** Lag counts stop here: a larger backlog shows as this many. */
export const EVENTS_LAG_COUNT_CAP = 1_000_000;
/** A failing consumer waits this long before it is tried again. */
export const EVENTS_RETRY_DELAY_MS = 5_000;
const MS_PER_DAY = 86_400_000;

/**
 * A consumer of the stream: `apply` writes its effects in `trx`, the transaction that also
 * moves its checkpoint, so each event counts exactly once. It must only write through its own
 * module's repository and must not call out of the database (no HTTP, no e-mail): a retry
 * after a rollback applies the same events again.
 */
export interface EventConsumer {
  /** Unique and stable: the checkpoint row's key. Renaming starts the consumer from scratch. */
  readonly name: string;
  readonly batchSize: number;
  /** Only these event types reach `apply` (all when absent). */
  readonly types?: readonly EventType[];
  apply(trx: Db, events: StoredEvent[]): Promise<void>;
}

/**
 * Appends events in the caller's own transaction: they commit with its money step or not at
 * all. Payloads are checked against their type's schema first.
 */
export async function appendEvents(trx: Db, events: readonly NewEvent[]): Promise<void> {
  for (const event of events) eventPayloadSchemas[event.type].parse(event.payload);
  await insertEvents(trx, events);
}

/**
 * A member's events of one type that a consumer has not applied yet, as `executor` sees them
 * (oldest first, at most `limit`): what a reader of that consumer's tables adds to be exact at
 * once, in the same snapshot (docs/events.md, "Exact reads under lag").
 */
export async function unappliedEvents<T extends EventType>(
  executor: Db,
  query: { consumerName: string; type: T; merchantCode: string; memberId: bigint; limit: number },
): Promise<Array<StoredEvent & { type: T; payload: EventPayload<T> }>> {
  return (await selectUnapplied(executor, query)) as Array<
    StoredEvent & { type: T; payload: EventPayload<T> }
  >;
}

export interface RunnerLog {
  error(details: object, message: string): void;
}

export function createEventsService(
  db: Db,
  options: {
    consumers: readonly EventConsumer[];
    retentionDays?: number;
    now?: () => number;
  },
) {
  const repository = createEventsRepository(db);
  const now = options.now ?? Date.now;
  const retentionMs = (options.retentionDays ?? EVENTS_DEFAULT_RETENTION_DAYS) * MS_PER_DAY;
  const consumers = options.consumers;
  const names = consumers.map((consumer) => consumer.name);
  if (new Set(names).size !== names.length) throw new Error('event consumer names must differ');
  for (const consumer of consumers) {
    if (consumer.batchSize < 1 || consumer.batchSize > EVENTS_MAX_BATCH_SIZE) {
      throw new Error(`event consumer ${consumer.name}: batchSize 1..${EVENTS_MAX_BATCH_SIZE}`);
    }
  }
  let ensured = false;

  async function ensure() {
    if (ensured) return;
    await repository.ensureConsumers(names);
    ensured = true;
  }

  /** One batch of one consumer; null when another instance holds it right now. */
  async function runBatch(consumer: EventConsumer) {
    await ensure();
    return repository.runBatch(
      consumer.name,
      { batchSize: consumer.batchSize, types: consumer.types },
      async (trx, events) => {
        await consumer.apply(trx, events);
        crashPoint('events.apply.before-commit');
      },
    );
  }

  /** Batches of one consumer until it has caught up (or its turn is over). */
  async function catchUp(consumer: EventConsumer): Promise<number> {
    let applied = 0;
    for (let batch = 0; batch < EVENTS_MAX_BATCHES_PER_TURN; batch += 1) {
      const outcome = await runBatch(consumer);
      if (!outcome) break;
      applied += outcome.applied;
      if (!outcome.full) break;
    }
    return applied;
  }

  return {
    consumers,
    runBatch,
    catchUp,

    /** Every consumer once, caught up; answers events applied per consumer (tests, jobs). */
    async runAll(): Promise<Record<string, number>> {
      const applied: Record<string, number> = {};
      for (const consumer of consumers) applied[consumer.name] = await catchUp(consumer);
      return applied;
    },

    /**
     * Polls every consumer in turn until stopped (the `jobs` role). A failing consumer is
     * logged and tried again later; the others go on.
     */
    start(log: RunnerLog, pollIntervalMs = EVENTS_POLL_INTERVAL_MS) {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let wake: (() => void) | undefined;
      const retryAtMs = new Map<string, number>();
      const sleep = (ms: number) =>
        new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, ms);
        });
      const loop = (async () => {
        while (!stopped) {
          for (const consumer of consumers) {
            if (stopped) break;
            if ((retryAtMs.get(consumer.name) ?? 0) > now()) continue;
            try {
              await catchUp(consumer);
            } catch (error) {
              retryAtMs.set(consumer.name, now() + EVENTS_RETRY_DELAY_MS);
              log.error(
                {
                  consumer: consumer.name,
                  error: error instanceof Error ? error.message : String(error),
                },
                'event consumer failed; its batch is rolled back and retried',
              );
            }
          }
          if (!stopped) await sleep(pollIntervalMs);
        }
      })();
      return {
        async stop() {
          stopped = true;
          clearTimeout(timer);
          wake?.();
          await loop;
        },
      };
    },

    /** Lag per consumer (health output). */
    lag(): Promise<ConsumerLag[]> {
      return repository.lag(
        consumers.map((consumer) => ({ name: consumer.name, types: consumer.types })),
        EVENTS_LAG_COUNT_CAP,
      );
    },

    /** Deletes events every consumer has applied and older than the retention (housekeeping). */
    async prune(): Promise<void> {
      await ensure();
      const before = new Date(now() - retentionMs);
      // Large backlogs go in bounded statements.
      let deleted: number;
      do {
        deleted = await repository.prune(names, before, EVENTS_PRUNE_BATCH);
      } while (deleted === EVENTS_PRUNE_BATCH);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
export type { ConsumerLag };
