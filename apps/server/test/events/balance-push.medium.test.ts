import type { AddressInfo } from 'node:net';
import { MEMBER_BALANCE_TOPIC, memberTypes } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { createBalancePush } from '../../src/modules/balance-push/index.js';
import {
  appendEvents,
  createEventsService,
  type NewEvent,
} from '../../src/modules/events/index.js';
import { memberTopicKey } from '../../src/realtime/index.js';
import { createServices, type Services } from '../../src/services.js';
import { BASE_MERCHANT_CODE } from '../fixtures/base-merchant.js';
import { insertMembers } from '../ledger-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

/** A test socket: every message in order. */
class Client {
  readonly messages: unknown[] = [];
  private waiters: Array<() => void> = [];
  private taken = 0;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  send(value: unknown): void {
    this.socket.send(JSON.stringify(value));
  }

  async next(): Promise<unknown> {
    while (this.messages.length <= this.taken) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.taken += 1;
    return this.messages[this.taken - 1];
  }

  close(): void {
    this.socket.close();
  }
}

let database: TestDatabase;
let db: Db;
let services: Services;
let app: FastifyInstance;
let port: number;
let alice: bigint;
let bob: bigint;

function open(): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?merchant=${BASE_MERCHANT_CODE}`);
  const client = new Client(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

function sessionOf(memberId: bigint): Promise<string> {
  return services.sessions.issue({
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    memberType: memberTypes.member,
    ip: '127.0.0.1',
    userAgent: 'balance-push test',
  });
}

/** A socket of the member, authenticated and subscribed to its balance topic. */
async function memberSocket(memberId: bigint): Promise<Client> {
  const client = await open();
  // Sent back to back: the server handles the subscribe once the auth is answered.
  client.send({ op: 'auth', token: await sessionOf(memberId) });
  client.send({ op: 'subscribe', topics: [MEMBER_BALANCE_TOPIC] });
  expect(await client.next()).toEqual({ op: 'authenticated' });
  expect(await client.next()).toEqual({ op: 'subscribed', topics: [MEMBER_BALANCE_TOPIC] });
  return client;
}

let roundNumber = 0;
function settled(memberId: bigint): NewEvent {
  roundNumber += 1;
  return {
    type: 'round.settled',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      memberId: memberId.toString(),
      merchantCode: BASE_MERCHANT_CODE,
      vassalage: 'INHOUSE',
      gameCode: null,
      gameCategory: 'RNG',
      roundRef: `push-${roundNumber}`,
      currency: 'VND',
      stakeMinor: '100',
      validBetMinor: '100',
      winMinor: '0',
      settledAt: new Date().toISOString(),
    },
  };
}

function credited(memberId: bigint): NewEvent {
  return {
    type: 'deposit.credited',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      depositId: `dep-${memberId}`,
      memberId: memberId.toString(),
      methodCode: 'BANK',
      currency: 'VND',
      amountMinor: '50000',
    },
  };
}

function paid(memberId: bigint): NewEvent {
  return {
    type: 'withdrawal.paid',
    merchantCode: BASE_MERCHANT_CODE,
    memberId,
    payload: {
      withdrawalId: `wd-${memberId}`,
      memberId: memberId.toString(),
      currency: 'VND',
      amountMinor: '20000',
    },
  };
}

/** Appends the events in one transaction and runs the balance-push consumer over them. */
async function appendAndPush(events: NewEvent[]): Promise<void> {
  await db.transaction().execute((trx) => appendEvents(trx, events));
  await createEventsService(db, { consumers: [createBalancePush().consumer] }).runAll();
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
  services = createServices(db);
  app = await buildApp({ db, services });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  [alice, bob] = (await insertMembers(db, 2, `push${Date.now().toString(36)}`)) as [bigint, bigint];
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await database?.drop();
});

describe('balance push', () => {
  it("nudges a member's socket once per batch when a deposit is credited or a round settles, never another member's", async () => {
    const aliceSocket = await memberSocket(alice);
    const bobSocket = await memberSocket(bob);

    // Two of Alice's events in one batch: one nudge, with the latest reason.
    await appendAndPush([credited(alice), settled(alice)]);
    expect(await aliceSocket.next()).toEqual({
      topic: MEMBER_BALANCE_TOPIC,
      data: { reason: 'round.settled' },
    });

    // Bob's withdrawal reaches Bob; Alice's next message is her own later deposit, not Bob's.
    await appendAndPush([paid(bob)]);
    expect(await bobSocket.next()).toEqual({
      topic: MEMBER_BALANCE_TOPIC,
      data: { reason: 'withdrawal.paid' },
    });
    await appendAndPush([credited(alice)]);
    expect(await aliceSocket.next()).toEqual({
      topic: MEMBER_BALANCE_TOPIC,
      data: { reason: 'deposit.credited' },
    });
    expect(aliceSocket.messages).toHaveLength(4);
    expect(bobSocket.messages).toHaveLength(3);
    aliceSocket.close();
    bobSocket.close();
  });

  it('refuses the balance topic to a guest and to a wrong token, with no subscription', async () => {
    const guest = await open();
    guest.send({ op: 'subscribe', topics: [MEMBER_BALANCE_TOPIC] });
    expect(await guest.next()).toEqual({ op: 'error', errorCode: 'REALTIME_AUTH_FAILED' });

    const wrong = await open();
    wrong.send({ op: 'auth', token: 'A'.repeat(43) });
    wrong.send({ op: 'subscribe', topics: [MEMBER_BALANCE_TOPIC] });
    expect(await wrong.next()).toEqual({ op: 'error', errorCode: 'REALTIME_AUTH_FAILED' });
    expect(await wrong.next()).toEqual({ op: 'error', errorCode: 'REALTIME_AUTH_FAILED' });

    await appendAndPush([credited(alice)]);
    // The subscribe after the push is answered first: nothing of Alice's reached them.
    for (const client of [guest, wrong]) {
      client.send({ op: 'subscribe', topics: ['lottery.draws.VN_NORTH_FAST_1'] });
      expect(await client.next()).toEqual({
        op: 'subscribed',
        topics: ['lottery.draws.VN_NORTH_FAST_1'],
      });
      client.close();
    }
  });

  it("refuses another member's topic key even to an authenticated member", async () => {
    const client = await open();
    client.send({ op: 'auth', token: await sessionOf(alice) });
    expect(await client.next()).toEqual({ op: 'authenticated' });
    for (const memberId of [bob, alice]) {
      client.send({ op: 'subscribe', topics: [memberTopicKey(memberId, MEMBER_BALANCE_TOPIC)] });
      expect(await client.next()).toEqual({ op: 'error', errorCode: 'REALTIME_TOPIC_FORBIDDEN' });
    }
    client.close();
  });

  it('re-checks the session on each subscribe: after logout the balance topic is refused', async () => {
    const client = await open();
    client.send({ op: 'auth', token: await sessionOf(bob) });
    expect(await client.next()).toEqual({ op: 'authenticated' });
    await services.sessions.revokeAllOfMember(bob);
    client.send({ op: 'subscribe', topics: [MEMBER_BALANCE_TOPIC] });
    expect(await client.next()).toEqual({ op: 'error', errorCode: 'REALTIME_AUTH_FAILED' });
    client.close();
  });
});
