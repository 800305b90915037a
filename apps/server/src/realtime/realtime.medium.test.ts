import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BASE_MERCHANT_CODE } from '../../test/fixtures/base-merchant.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { buildApp } from '../app.js';
import { createDatabase, type Db } from '../db/database.js';
import { createServices, type Services } from '../services.js';
import {
  REALTIME_CLIENT_MESSAGE_MAX_BYTES,
  REALTIME_CONNECTIONS_PER_IP_MAX,
  REALTIME_FRAME_MAX_BYTES,
  REALTIME_NOTIFY_PAYLOAD_MAX_BYTES,
  REALTIME_TOPICS_PER_CONNECTION_MAX,
} from './limits.js';

const OTHER_MERCHANT_CODE = 'OTHER';
const TOPIC = 'lottery.draws.VN_NORTH_FAST_1';

interface Instance {
  db: Db;
  services: Services;
  app: FastifyInstance;
  port: number;
}

/** A test client: every message in order, and how the socket closed. */
class Client {
  readonly messages: unknown[] = [];
  private waiters: Array<() => void> = [];
  readonly closed: Promise<number>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  send(value: unknown): void {
    this.socket.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** The next message not yet taken. */
  private taken = 0;
  async next(): Promise<unknown> {
    while (this.messages.length <= this.taken) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.taken += 1;
    return this.messages[this.taken - 1];
  }

  async subscribe(...topics: string[]): Promise<void> {
    this.send({ op: 'subscribe', topics });
    expect(await this.next()).toEqual({ op: 'subscribed', topics });
  }

  close(): Promise<number> {
    this.socket.close();
    return this.closed;
  }
}

function open(instance: Instance, merchant: string | null): Promise<Client> {
  const query = merchant === null ? '' : `?merchant=${merchant}`;
  const socket = new WebSocket(`ws://127.0.0.1:${instance.port}/ws${query}`);
  const client = new Client(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

/** Opens a socket that the server must refuse before the upgrade: its status and envelope. */
function refused(instance: Instance, query: string): Promise<{ status: number; body: unknown }> {
  const socket = new WebSocket(`ws://127.0.0.1:${instance.port}/ws${query}`);
  return new Promise((resolve, reject) => {
    socket.once('open', () => reject(new Error('upgrade was accepted')));
    socket.once('error', () => {});
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
      );
    });
  });
}

async function startInstance(
  url: string,
  logger?: FastifyServerOptions['logger'],
): Promise<Instance> {
  const db = createDatabase(url);
  const services = createServices(db);
  const app = await buildApp({ db, services, ...(logger ? { logger } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { db, services, app, port: (app.server.address() as AddressInfo).port };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

let database: TestDatabase;
let first: Instance;
let second: Instance;

beforeAll(async () => {
  database = await createTestDatabase();
  // A second merchant: a copy of the demo one under another code and no host names.
  await sql`INSERT INTO merchants
    SELECT (jsonb_populate_record(null::merchants,
      to_jsonb(m) || jsonb_build_object('code', ${OTHER_MERCHANT_CODE}::text, 'domains', '[]'::jsonb))).*
    FROM merchants m WHERE code = ${BASE_MERCHANT_CODE}`.execute(database.db);
  first = await startInstance(database.url);
  second = await startInstance(database.url);
});

afterAll(async () => {
  for (const instance of [first, second]) {
    await instance?.app.close();
    await instance?.db.destroy();
  }
  await database?.drop();
});

describe('realtime hub on two instances', () => {
  it('delivers an event published on one instance to subscribers on both, of that merchant only', async () => {
    const onSecond = await open(second, BASE_MERCHANT_CODE);
    const onFirst = await open(first, BASE_MERCHANT_CODE);
    const otherMerchant = await open(second, OTHER_MERCHANT_CODE);
    await onSecond.subscribe(TOPIC);
    await onFirst.subscribe(TOPIC);
    await otherMerchant.subscribe(TOPIC);

    await first.services.realtime.publish({
      merchantCode: OTHER_MERCHANT_CODE,
      topic: 'lottery.draws.OTHER_ONLY',
      data: { ignored: true },
    });
    await first.services.realtime.publish({
      merchantCode: BASE_MERCHANT_CODE,
      topic: TOPIC,
      data: { drawId: 'd1', status: 'open' },
    });
    await first.services.realtime.publish({
      merchantCode: OTHER_MERCHANT_CODE,
      topic: TOPIC,
      data: { drawId: 'other' },
    });

    expect(await onSecond.next()).toEqual({ topic: TOPIC, data: { drawId: 'd1', status: 'open' } });
    expect(await onFirst.next()).toEqual({ topic: TOPIC, data: { drawId: 'd1', status: 'open' } });
    // The other merchant's socket gets its own event and never the demo merchant's.
    expect(await otherMerchant.next()).toEqual({ topic: TOPIC, data: { drawId: 'other' } });
    expect(second.services.realtime.subscriberCounts(BASE_MERCHANT_CODE)).toEqual({ [TOPIC]: 1 });

    // After an unsubscribe nothing more arrives for that topic; another topic still does.
    onSecond.send({ op: 'unsubscribe', topics: [TOPIC] });
    await onSecond.subscribe('lottery.results.VN_NORTH_FAST_1');
    await second.services.realtime.publish({
      merchantCode: BASE_MERCHANT_CODE,
      topic: TOPIC,
      data: 2,
    });
    await second.services.realtime.publish({
      merchantCode: BASE_MERCHANT_CODE,
      topic: 'lottery.results.VN_NORTH_FAST_1',
      data: 3,
    });
    expect(await onSecond.next()).toEqual({ topic: 'lottery.results.VN_NORTH_FAST_1', data: 3 });
    expect(await onFirst.next()).toEqual({ topic: TOPIC, data: 2 });

    await Promise.all([onSecond.close(), onFirst.close(), otherMerchant.close()]);
    await until(() => second.services.realtime.connectionCount() === 0);
    expect(second.services.realtime.subscriberCounts(BASE_MERCHANT_CODE)).toEqual({});
  });

  it('refuses an unknown merchant before the upgrade, and uses the host when none is named', async () => {
    const unknown = await refused(first, '?merchant=NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, errorCode: 'MERCHANT_UNKNOWN' });

    // 127.0.0.1 is a host name of the demo merchant.
    const byHost = await open(first, null);
    await byHost.subscribe(TOPIC);
    await first.services.realtime.publish({
      merchantCode: BASE_MERCHANT_CODE,
      topic: TOPIC,
      data: 1,
    });
    expect(await byHost.next()).toEqual({ topic: TOPIC, data: 1 });
    await byHost.close();
  });

  it('answers bad messages with their codes and keeps the socket', async () => {
    const client = await open(first, BASE_MERCHANT_CODE);
    client.send('not json');
    expect(await client.next()).toEqual({ op: 'error', errorCode: 'REALTIME_MESSAGE_INVALID' });
    client.send({ op: 'shout', topics: [] });
    expect(await client.next()).toEqual({ op: 'error', errorCode: 'REALTIME_MESSAGE_INVALID' });
    client.send({ op: 'subscribe', topics: ['Bad Topic!'] });
    expect(await client.next()).toEqual({ op: 'error', errorCode: 'REALTIME_TOPIC_INVALID' });
    client.send({
      op: 'subscribe',
      topics: [`x.${'a'.repeat(REALTIME_CLIENT_MESSAGE_MAX_BYTES)}`],
    });
    expect(await client.next()).toEqual({ op: 'error', errorCode: 'REALTIME_MESSAGE_TOO_LARGE' });
    client.send({
      op: 'subscribe',
      topics: Array.from(
        { length: REALTIME_TOPICS_PER_CONNECTION_MAX },
        (_, i) => `lottery.draws.N${i}`,
      ),
    });
    expect(await client.next()).toMatchObject({ op: 'subscribed' });
    client.send({ op: 'subscribe', topics: ['lottery.draws.ONE_MORE'] });
    expect(await client.next()).toEqual({ op: 'error', errorCode: 'REALTIME_TOPICS_LIMIT' });
    // Still open and subscribed.
    await first.services.realtime.publish({
      merchantCode: BASE_MERCHANT_CODE,
      topic: 'lottery.draws.N0',
      data: 0,
    });
    expect(await client.next()).toEqual({ topic: 'lottery.draws.N0', data: 0 });
    await client.close();
  });

  it('refuses topics outside the public allow-list and subscribes none of the message', async () => {
    const client = await open(first, BASE_MERCHANT_CODE);
    for (const topic of ['member.balance.42', 'chat.room.1', 'lottery.secret.VN', 't.n0']) {
      client.send({ op: 'subscribe', topics: [TOPIC, topic] });
      expect(await client.next()).toEqual({ op: 'error', errorCode: 'REALTIME_TOPIC_FORBIDDEN' });
    }
    expect(first.services.realtime.subscriberCounts(BASE_MERCHANT_CODE)).toEqual({});
    await client.subscribe('lottery.results.VN_NORTH_FAST_1');
    await client.close();
  });

  it('logs a frame over the size limit as a warning, not an error', async () => {
    const lines: Array<{ level: number; msg?: string }> = [];
    const logged = await startInstance(database.url, {
      level: 'info',
      stream: { write: (line: string) => lines.push(JSON.parse(line)) },
    });
    try {
      const client = await open(logged, BASE_MERCHANT_CODE);
      client.send('x'.repeat(REALTIME_FRAME_MAX_BYTES + 1));
      expect(await client.closed).toBe(1009);
      await until(() => lines.some((line) => line.msg === 'websocket frame refused'));
      expect(lines.find((line) => line.msg === 'websocket frame refused')?.level).toBe(40);
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await logged.app.close();
      await logged.db.destroy();
    }
  });

  it('refuses events that do not fit one NOTIFY, and bad topics', async () => {
    await expect(
      first.services.realtime.publish({
        merchantCode: BASE_MERCHANT_CODE,
        topic: TOPIC,
        data: 'x'.repeat(REALTIME_NOTIFY_PAYLOAD_MAX_BYTES),
      }),
    ).rejects.toMatchObject({ errorCode: 'REALTIME_EVENT_TOO_LARGE' });
    await expect(
      first.services.realtime.publish({ merchantCode: BASE_MERCHANT_CODE, topic: 'no', data: 1 }),
    ).rejects.toMatchObject({ errorCode: 'REALTIME_TOPIC_INVALID' });
  });

  it('refuses more sockets from one address than the limit', async () => {
    await until(() => first.services.realtime.connectionCount() === 0);
    const clients = await Promise.all(
      Array.from({ length: REALTIME_CONNECTIONS_PER_IP_MAX }, () =>
        open(first, BASE_MERCHANT_CODE),
      ),
    );
    const refusal = await refused(first, `?merchant=${BASE_MERCHANT_CODE}`);
    expect(refusal.status).toBe(429);
    expect(refusal.body).toMatchObject({ errorCode: 'REALTIME_CONNECTIONS_LIMIT' });
    // The other instance counts its own sockets.
    const elsewhere = await open(second, BASE_MERCHANT_CODE);
    await Promise.all([...clients, elsewhere].map((client) => client.close()));
  });

  it('closes its sockets when the LISTEN connection is lost, and listens again', async () => {
    const client = await open(second, BASE_MERCHANT_CODE);
    await client.subscribe(TOPIC);
    // Ends every LISTEN connection of this database (both instances').
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'betting-platform-realtime' AND datname = current_database()`.execute(
      database.db,
    );
    expect(await client.closed).toBe(1012);

    const again = await open(second, BASE_MERCHANT_CODE);
    await again.subscribe(TOPIC);
    await first.services.realtime.publish({
      merchantCode: BASE_MERCHANT_CODE,
      topic: TOPIC,
      data: 'back',
    });
    expect(await again.next()).toEqual({ topic: TOPIC, data: 'back' });
    await again.close();
  });
});
