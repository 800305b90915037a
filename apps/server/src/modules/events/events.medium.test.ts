import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERCHANT_CODE } from '../../../test/fixtures/base-merchant.js';
import { callApi, uniqueUsername, useTestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { appendEvents, createEventsService, type EventConsumer, type NewEvent } from './index.js';

const POLL = { timeout: 15_000, interval: 50 };
const MS_PER_DAY = 86_400_000;
const FAKE_MEMBER_ID_BASE = 1_000_000_000n;

describe('the event stream', () => {
  const context = useTestApp();
  let db: Db;
  let memberCounter = 0;

  beforeAll(async () => {
    db = context.database.db;
    // A scratch table of what test consumers applied (one row per application).
    await sql`CREATE TABLE test_event_log (consumer text NOT NULL, event_id bigint NOT NULL)`.execute(
      db,
    );
  });

  function loginEvent(): NewEvent {
    // Far from the ids of real members this file registers.
    memberCounter += 1;
    const memberId = FAKE_MEMBER_ID_BASE + BigInt(memberCounter);
    return {
      type: 'member.logged-in',
      merchantCode: BASE_MERCHANT_CODE,
      memberId,
      payload: { memberId: memberId.toString() },
    };
  }

  async function append(count: number): Promise<void> {
    await db.transaction().execute((trx) =>
      appendEvents(
        trx,
        Array.from({ length: count }, () => loginEvent()),
      ),
    );
  }

  /** A consumer that logs each event it applies, in the batch's transaction. */
  function logConsumer(
    name: string,
    options: { batchSize?: number; before?: (events: number) => Promise<void> } = {},
  ): EventConsumer {
    return {
      name,
      batchSize: options.batchSize ?? 10,
      async apply(trx, events) {
        for (const [index, event] of events.entries()) {
          await sql`INSERT INTO test_event_log VALUES (${name}, ${event.id.toString()})`.execute(
            trx,
          );
          if (index === 0) await options.before?.(events.length);
        }
      },
    };
  }

  async function applied(name: string): Promise<bigint[]> {
    const result = await sql<{ event_id: string }>`
      SELECT event_id::text AS event_id FROM test_event_log l WHERE consumer = ${name}
      ORDER BY l.event_id
    `.execute(db);
    return result.rows.map((row) => BigInt(row.event_id));
  }

  async function eventIds(): Promise<bigint[]> {
    const result = await sql<{
      id: string;
    }>`SELECT e.id::text AS id FROM events e ORDER BY e.id`.execute(db);
    return result.rows.map((row) => BigInt(row.id));
  }

  async function checkpointOf(name: string) {
    const result = await sql<{ last_event_id: string; applied_count: string }>`
      SELECT last_event_id::text AS last_event_id, applied_count::text AS applied_count
      FROM event_consumers WHERE name = ${name}
    `.execute(db);
    return result.rows[0];
  }

  /** Runs the consumers until `name` has applied `count` events (other databases' transactions may hold the horizon a moment). */
  async function drain(
    service: ReturnType<typeof createEventsService>,
    name: string,
    count: number,
  ) {
    await expect
      .poll(async () => {
        await service.runAll();
        return (await applied(name)).length;
      }, POLL)
      .toBe(count);
  }

  it('applies every event once, in stream order, in batches, with its checkpoint', async () => {
    const service = createEventsService(db, { consumers: [logConsumer('in-order')] });
    await append(7);
    await append(18);
    const all = await eventIds();
    await drain(service, 'in-order', all.length);
    expect(await applied('in-order')).toEqual(all);
    expect(await checkpointOf('in-order')).toEqual({
      last_event_id: all.at(-1)?.toString(),
      applied_count: String(all.length),
    });
    // Nothing new: a run applies nothing and changes nothing.
    expect(await service.runAll()).toEqual({ 'in-order': 0 });
  });

  it('a batch whose apply fails half-way applies nothing and keeps its checkpoint; the retry applies it once', async () => {
    let failing = true;
    const consumer = logConsumer('crashy', {
      batchSize: 5,
      before: async () => {
        if (failing) throw new Error('apply failed mid-batch');
      },
    });
    const service = createEventsService(db, { consumers: [consumer] });
    await append(8);
    const all = await eventIds();
    await expect(service.runBatch(consumer)).rejects.toThrow('apply failed mid-batch');
    expect(await applied('crashy')).toEqual([]);
    expect(await checkpointOf('crashy')).toEqual({ last_event_id: '0', applied_count: '0' });
    failing = false;
    await drain(service, 'crashy', all.length);
    expect(await applied('crashy')).toEqual(all);
  });

  it('two runners at once never run one consumer together: each event is applied once', async () => {
    const slow = () => logConsumer('shared', { batchSize: 3, before: () => pgSleep(db, 0.02) });
    const first = createEventsService(db, { consumers: [slow()] });
    const second = createEventsService(db, { consumers: [slow()] });
    const log = { error: () => {} };
    const runners = [first.start(log, 5), second.start(log, 5)];
    for (let round = 0; round < 10; round += 1) await append(4);
    const all = await eventIds();
    await expect.poll(async () => (await applied('shared')).length, POLL).toBe(all.length);
    await Promise.all(runners.map((runner) => runner.stop()));
    expect(await applied('shared')).toEqual(all);
  });

  it('does not skip an event whose transaction took its id first but committed last', async () => {
    const service = createEventsService(db, { consumers: [logConsumer('gap', { batchSize: 50 })] });
    await drain(service, 'gap', (await eventIds()).length);
    const before = (await applied('gap')).length;
    let commitSlow: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      commitSlow = resolve;
    });
    let appendedSlow: () => void = () => {};
    const slowAppended = new Promise<void>((resolve) => {
      appendedSlow = resolve;
    });
    // The slow transaction appends first (the smaller id) and stays open.
    const slow = db.transaction().execute(async (trx) => {
      await appendEvents(trx, [loginEvent()]);
      appendedSlow();
      await released;
    });
    await slowAppended;
    await append(1);
    const [slowId, fastId] = (
      await sql<{ id: string }>`
      SELECT e.id::text AS id FROM events e ORDER BY e.id DESC LIMIT 2
    `.execute(db)
    ).rows
      .map((row) => BigInt(row.id))
      .reverse();
    // The fast event is committed and visible, yet the runner must not pass it while the slow
    // transaction may still commit an older event.
    try {
      await service.runAll();
      expect(await applied('gap')).not.toContain(fastId);
    } finally {
      commitSlow();
      await slow;
    }
    await drain(service, 'gap', before + 2);
    const log = await applied('gap');
    expect(log.filter((id) => id === slowId || id === fastId)).toEqual([slowId, fastId]);
  });

  it('a consumer of some types sees only those and still moves past the others', async () => {
    const seen: string[] = [];
    const deposits: EventConsumer = {
      name: 'deposits-only',
      batchSize: 10,
      types: ['deposit.credited'],
      async apply(_trx, events) {
        for (const event of events) seen.push(event.type);
      },
    };
    const service = createEventsService(db, { consumers: [deposits] });
    await append(3);
    await db.transaction().execute((trx) =>
      appendEvents(trx, [
        {
          type: 'deposit.credited',
          merchantCode: BASE_MERCHANT_CODE,
          memberId: 1n,
          payload: {
            depositId: 'd-1',
            memberId: '1',
            methodCode: 'bank',
            currency: 'VND',
            amountMinor: '5000',
          },
        },
      ]),
    );
    await append(2);
    const last = (await eventIds()).at(-1);
    await expect
      .poll(async () => {
        await service.runAll();
        return (await checkpointOf('deposits-only'))?.last_event_id;
      }, POLL)
      .toBe(last?.toString());
    expect(seen).toEqual(['deposit.credited']);
    expect(await service.lag()).toEqual([
      { name: 'deposits-only', eventsBehind: 0, oldestUnappliedAgeMs: 0 },
    ]);
  });

  it('shows each consumer lag: events behind and the age of the oldest', async () => {
    const service = createEventsService(db, { consumers: [logConsumer('laggard')] });
    await service.runAll();
    await drain(service, 'laggard', (await eventIds()).length);
    await append(3);
    await sql`UPDATE events SET occurred_at = now() - interval '90 seconds'
      WHERE id = (SELECT max(id) - 2 FROM events)`.execute(db);
    const [lag] = await service.lag();
    expect(lag?.eventsBehind).toBe(3);
    expect(lag?.oldestUnappliedAgeMs).toBeGreaterThanOrEqual(90_000);
    expect(lag?.oldestUnappliedAgeMs).toBeLessThan(200_000);
    await drain(service, 'laggard', (await eventIds()).length);
    expect(await service.lag()).toEqual([
      { name: 'laggard', eventsBehind: 0, oldestUnappliedAgeMs: 0 },
    ]);
  });

  it('appends member.registered with the account and member.logged-in with the login stamp', async () => {
    const username = uniqueUsername('evreg');
    const registered = await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(registered.status).toBe(200);
    const found = await sql<{ member_id: string; username: string; id: string }>`
      SELECT e.member_id::text AS member_id, e.payload->>'username' AS username, m.id::text AS id
      FROM events e JOIN members m ON m.id = e.member_id
      WHERE e.type = 'member.registered' AND m.username = ${username}
    `.execute(db);
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]?.username).toBe(username);
    // Registration signs the member in: the login is stamped with its event too.
    const logins = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM events
      WHERE type = 'member.logged-in' AND member_id = ${found.rows[0]?.id ?? '0'}::bigint
    `.execute(db);
    expect(logins.rows[0]?.n).toBe('1');
    // A taken name makes no account and no event.
    await callApi(context.app, 'PUT', '/wps/member/register', {
      body: { username, password: 'secret123', confirmPassword: 'secret123' },
    });
    const again = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM events
      WHERE type = 'member.registered' AND payload->>'username' = ${username}
    `.execute(db);
    expect(again.rows[0]?.n).toBe('1');
  });

  it('serves the lag of the wired consumers at /metrics', async () => {
    const answer = await context.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
    });
    expect(answer.statusCode).toBe(200);
    const lagLines = [
      ...answer.body.matchAll(/^events_consumer_lag_events\{consumer="([^"]+)"\} (\d+)$/gm),
    ];
    expect(lagLines.map((line) => line[1])).toEqual([
      'play-rollups',
      'balance-push',
      'games-winner-board',
      'system-messages',
      'promotions-deposits',
      'promotions-raffle-tickets',
      'bonus-wagering',
      'points-play',
      'missions-progress',
      'referrals',
      'vip-ranks',
      'agent-contract-figures',
      'agent-team-rollups',
      'play-metrics',
    ]);
    expect(Number(lagLines[0]?.[2])).toBeGreaterThanOrEqual(0);
    expect(answer.body).toMatch(/^events_consumer_lag_seconds\{consumer="play-rollups"\} [\d.]+$/m);
  });

  it('prunes only events every consumer applied and older than the retention', async () => {
    const eightDaysLaterMs = Date.now() + 8 * MS_PER_DAY;
    const first = logConsumer('keep-a');
    const second = logConsumer('keep-b');
    await append(4);
    const total = (await eventIds()).length;
    const onlyFirst = createEventsService(db, { consumers: [first] });
    await drain(onlyFirst, 'keep-a', total);
    const both = createEventsService(db, {
      consumers: [first, second],
      retentionDays: 7,
      now: () => eightDaysLaterMs,
    });
    // keep-b has applied nothing: everything stays.
    await both.prune();
    expect((await eventIds()).length).toBe(total);
    await drain(both, 'keep-b', total);
    // Applied by both but recent (today's clock): everything stays.
    await createEventsService(db, { consumers: [first, second] }).prune();
    expect((await eventIds()).length).toBe(total);
    // Applied by both, and eight days old by that clock: gone, as the other test consumers
    // (never run here) do not count for this stream's consumer list.
    await both.prune();
    expect(await eventIds()).toEqual([]);
    // New events after a prune are still read from the checkpoint onwards.
    await append(2);
    await drain(both, 'keep-a', total + 2);
  });
});

function pgSleep(db: Db, seconds: number) {
  return sql`SELECT pg_sleep(${seconds})`.execute(db).then(() => {});
}
