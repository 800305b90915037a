import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type NewEvent, parsePayload, type StoredEvent } from './types.js';

/** How far a consumer has read: the last applied event's transaction id and event id. */
interface Position {
  xactId: string;
  eventId: bigint;
}

/** Lag of one consumer: events committed and not yet applied, and the oldest one's age. */
export interface ConsumerLag {
  name: string;
  eventsBehind: number;
  oldestUnappliedAgeMs: number;
}

interface EventRow {
  id: string;
  type: string;
  merchant_code: string;
  member_id: string | null;
  payload: unknown;
  occurred_at: Date;
  xact_id: string;
}

function storedEvent(row: EventRow): StoredEvent {
  return {
    id: BigInt(row.id),
    type: row.type,
    merchantCode: row.merchant_code,
    memberId: row.member_id === null ? null : BigInt(row.member_id),
    payload: parsePayload(row.type, row.payload),
    occurredAt: new Date(row.occurred_at),
  } as StoredEvent;
}

/**
 * The oldest transaction still running: every transaction with a smaller id has ended, so the
 * events below it are final (no late commit can add one there). Taken once per batch and used
 * as a parameter, so that every statement of the batch sees the same horizon.
 */
async function horizonOf(db: Db): Promise<string> {
  const result = await sql<{ xmin: string }>`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('no snapshot horizon');
  return row.xmin;
}

/** Only this file names the tables `events` and `event_consumers`. */
export function createEventsRepository(db: Db) {
  return {
    /** Creates the checkpoint rows of consumers that have none (at the start of a stream). */
    async ensureConsumers(names: readonly string[]): Promise<void> {
      if (names.length === 0) return;
      await sql`
        INSERT INTO event_consumers (name)
        SELECT unnest(${names}::text[])
        ON CONFLICT (name) DO NOTHING
      `.execute(db);
    },

    /**
     * One batch of one consumer in one transaction: lock its checkpoint row (another instance
     * holding it means that instance runs the consumer now: answer null), read the next events
     * below the horizon in stream order, let `apply` write its effects in the same transaction,
     * move the checkpoint. A throw anywhere rolls everything back: nothing of the batch counts.
     * Answers how many events of the consumer's types were applied, or null when locked.
     */
    async runBatch(
      name: string,
      options: { batchSize: number; types: readonly string[] | undefined },
      apply: (trx: Db, events: StoredEvent[]) => Promise<void>,
    ): Promise<{ applied: number; full: boolean } | null> {
      return db.transaction().execute(async (trx) => {
        const locked = await sql<{ last_xact_id: string; last_event_id: string }>`
          SELECT last_xact_id::text AS last_xact_id, last_event_id::text AS last_event_id
          FROM event_consumers WHERE name = ${name}
          FOR UPDATE SKIP LOCKED
        `.execute(trx);
        const checkpoint = locked.rows[0];
        if (!checkpoint) return null;
        const from: Position = {
          xactId: checkpoint.last_xact_id,
          eventId: BigInt(checkpoint.last_event_id),
        };
        const horizon = await horizonOf(trx);
        const typeFilter = options.types
          ? sql`AND e.type = ANY(${options.types as string[]}::text[])`
          : sql``;
        const rows = await sql<EventRow>`
          SELECT e.id::text AS id, e.type, e.merchant_code, e.member_id::text AS member_id,
            e.payload, e.occurred_at, e.xact_id::text AS xact_id
          FROM events e
          WHERE (e.xact_id, e.id) > (${from.xactId}::xid8, ${from.eventId.toString()}::bigint)
            AND e.xact_id < ${horizon}::xid8 ${typeFilter}
          ORDER BY e.xact_id, e.id
          LIMIT ${options.batchSize}
        `.execute(trx);
        const full = rows.rows.length === options.batchSize;
        let to: Position | undefined;
        const last = rows.rows.at(-1);
        if (full && last) {
          to = { xactId: last.xact_id, eventId: BigInt(last.id) };
        } else {
          // Caught up: move past events of other types too, up to the last final event, so a
          // consumer of few types does not hold back retention.
          const head = await sql<{ xact_id: string; id: string }>`
            SELECT e.xact_id::text AS xact_id, e.id::text AS id FROM events e
            WHERE e.xact_id < ${horizon}::xid8
            ORDER BY e.xact_id DESC, e.id DESC LIMIT 1
          `.execute(trx);
          const top = head.rows[0];
          if (top) to = { xactId: top.xact_id, eventId: BigInt(top.id) };
        }
        if (rows.rows.length > 0) await apply(trx, rows.rows.map(storedEvent));
        if (to) {
          await sql`
            UPDATE event_consumers SET last_xact_id = ${to.xactId}::xid8,
              last_event_id = ${to.eventId.toString()}::bigint,
              applied_count = applied_count + ${rows.rows.length}, updated_at = now()
            WHERE name = ${name}
              AND (last_xact_id, last_event_id) < (${to.xactId}::xid8, ${to.eventId.toString()}::bigint)
          `.execute(trx);
        }
        return { applied: rows.rows.length, full };
      });
    },

    /**
     * Per consumer: committed events of its types after its checkpoint (counted up to
     * `countCap`), and the age of the oldest of them. A consumer without a row is behind the
     * whole stream.
     */
    async lag(
      consumers: ReadonlyArray<{ name: string; types: readonly string[] | undefined }>,
      countCap: number,
    ): Promise<ConsumerLag[]> {
      const lags: ConsumerLag[] = [];
      for (const consumer of consumers) {
        const typeFilter = consumer.types
          ? sql`AND e.type = ANY(${consumer.types as string[]}::text[])`
          : sql``;
        const result = await sql<{ behind: string; oldest_age_ms: string | null }>`
          WITH c AS (
            SELECT coalesce(max(last_xact_id::text), '0')::xid8 AS x,
              coalesce(max(last_event_id), 0) AS i
            FROM event_consumers WHERE name = ${consumer.name}
          ), pending AS (
            SELECT e.occurred_at FROM events e, c
            WHERE (e.xact_id, e.id) > (c.x, c.i) ${typeFilter}
            ORDER BY e.xact_id, e.id
            LIMIT ${countCap}
          )
          SELECT count(*)::text AS behind,
            (extract(epoch FROM now() - min(occurred_at)) * 1000)::bigint::text AS oldest_age_ms
          FROM pending
        `.execute(db);
        const row = result.rows[0];
        lags.push({
          name: consumer.name,
          eventsBehind: Number(row?.behind ?? 0),
          oldestUnappliedAgeMs: Math.max(0, Number(row?.oldest_age_ms ?? 0)),
        });
      }
      return lags;
    },

    /**
     * Deletes events that every named consumer has applied and that occurred before `before`;
     * a named consumer without a checkpoint row keeps everything. At most `limit` at a time.
     */
    async prune(consumerNames: readonly string[], before: Date, limit: number): Promise<number> {
      const applied =
        consumerNames.length === 0
          ? sql`true`
          : sql`(SELECT count(*) FROM event_consumers WHERE name = ANY(${consumerNames as string[]}::text[])) = ${consumerNames.length}
              AND (e.xact_id, e.id) <= (
                SELECT last_xact_id, last_event_id FROM event_consumers
                WHERE name = ANY(${consumerNames as string[]}::text[])
                ORDER BY last_xact_id, last_event_id LIMIT 1)`;
      const result = await sql`
        DELETE FROM events WHERE id IN (
          SELECT e.id FROM events e
          WHERE e.occurred_at < ${before} AND ${applied}
          ORDER BY e.xact_id, e.id
          LIMIT ${limit}
        )
      `.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}

/** Appends events in the caller's transaction (`executor`): they commit with it or not at all. */
export async function insertEvents(executor: Db, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await sql`
    INSERT INTO events (type, merchant_code, member_id, payload)
    SELECT e ->> 'type', e ->> 'merchantCode', (e ->> 'memberId')::bigint, e -> 'payload'
    FROM jsonb_array_elements(${JSON.stringify(
      events.map((event) => ({
        type: event.type,
        merchantCode: event.merchantCode,
        memberId: event.memberId?.toString() ?? null,
        payload: event.payload,
      })),
    )}::jsonb) WITH ORDINALITY AS t (e, ord)
    ORDER BY t.ord
  `.execute(executor);
}

/**
 * A member's committed events of `type` that the consumer `consumerName` has not applied yet
 * (past its checkpoint, visible to `executor`'s snapshot), oldest first, at most `limit`. Read in
 * the same snapshot as the consumer's effects, these are exactly what those effects lack.
 */
export async function selectUnapplied(
  executor: Db,
  query: {
    consumerName: string;
    type: string;
    merchantCode: string;
    memberId: bigint;
    limit: number;
  },
): Promise<StoredEvent[]> {
  const result = await sql<EventRow>`
    WITH c AS (
      SELECT coalesce(max(last_xact_id::text), '0')::xid8 AS x,
        coalesce(max(last_event_id), 0) AS i
      FROM event_consumers WHERE name = ${query.consumerName}
    )
    SELECT e.id::text AS id, e.type, e.merchant_code, e.member_id::text AS member_id,
      e.payload, e.occurred_at, e.xact_id::text AS xact_id
    FROM events e, c
    WHERE (e.xact_id, e.id) > (c.x, c.i) AND e.type = ${query.type}
      AND e.member_id = ${query.memberId.toString()} AND e.merchant_code = ${query.merchantCode}
    ORDER BY e.xact_id, e.id
    LIMIT ${query.limit}
  `.execute(executor);
  return result.rows.map(storedEvent);
}
