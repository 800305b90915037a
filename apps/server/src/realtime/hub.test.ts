import { MEMBER_BALANCE_TOPIC } from '@app/contract';
import { describe, expect, it } from 'vitest';
import type { NotifyHandlers, NotifyTransport } from '../db/notify-channel.js';
import { retryDelayMs } from '../db/notify-channel.js';
import { createRealtimeHub } from './hub.js';
import {
  REALTIME_CONNECTIONS_PER_IP_MAX,
  REALTIME_DEAD_PEER_TIMEOUT_MS,
  REALTIME_MESSAGES_PER_SECOND,
  REALTIME_RATE_WINDOW_MS,
  REALTIME_SEND_BUFFER_MAX_BYTES,
} from './limits.js';
import { realtimeNotifyPayload } from './notify-payload.js';
import type { RealtimeSocket } from './peer.js';
import { parseNotifyEnvelope } from './protocol.js';
import { memberTopicKey } from './topic-access.js';

/** NOTIFY in memory: every payload goes straight to the listener, as PostgreSQL would. */
function memoryTransport() {
  let handlers: NotifyHandlers | null = null;
  const transport: NotifyTransport = {
    async notify(payload) {
      handlers?.onNotify(payload);
    },
    listen(next) {
      handlers = next;
      return { ready: async () => {}, close: async () => {} };
    },
  };
  return { transport, lose: () => handlers?.onLost(new Error('gone')) };
}

class FakeSocket implements RealtimeSocket {
  bufferedAmount = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  terminated = false;
  pings = 0;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
  }
  terminate() {
    this.terminated = true;
  }
  ping() {
    this.pings += 1;
  }
}

function setup() {
  let nowMs = 1_000_000;
  const memory = memoryTransport();
  const hub = createRealtimeHub({
    transport: memory.transport,
    nowMs: () => nowMs,
    pingIntervalMs: null,
    // Short made-up topics here; the public allow-list has its own tests.
    canRead: () => true,
  });
  const connect = (merchantCode = 'DEMO', ip = '10.0.0.1') => {
    const socket = new FakeSocket();
    const connection = hub.attach({ socket, merchantCode, ip });
    return { socket, connection };
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { hub, connect, flush, memory, advance: (ms: number) => (nowMs += ms) };
}

describe('realtime hub', () => {
  it('delivers to its merchant subscribers only and acknowledges subscriptions', async () => {
    const { hub, connect, flush } = setup();
    const demo = connect('DEMO');
    const other = connect('OTHER');
    demo.connection.receive('{"op":"subscribe","topics":["a.b"]}', false);
    other.connection.receive('{"op":"subscribe","topics":["a.b"]}', false);
    await flush();
    await hub.publish({ merchantCode: 'DEMO', topic: 'a.b', data: { n: 1 } });
    expect(demo.socket.sent).toEqual([
      { op: 'subscribed', topics: ['a.b'] },
      { topic: 'a.b', data: { n: 1 } },
    ]);
    expect(other.socket.sent).toEqual([{ op: 'subscribed', topics: ['a.b'] }]);
    expect(hub.subscriberCounts('DEMO')).toEqual({ 'a.b': 1 });
    demo.connection.detach();
    expect(hub.subscriberCounts('DEMO')).toEqual({});
  });

  it('answers a flood with one error per window and takes messages again after it', async () => {
    const { connect, advance, flush } = setup();
    const { socket, connection } = connect();
    for (let i = 0; i < REALTIME_MESSAGES_PER_SECOND + 5; i += 1) {
      connection.receive('{"op":"unsubscribe","topics":[]}', false);
    }
    expect(socket.sent).toEqual([{ op: 'error', errorCode: 'REALTIME_RATE_LIMITED' }]);
    advance(REALTIME_RATE_WINDOW_MS);
    connection.receive('{"op":"subscribe","topics":["a.b"]}', false);
    await flush();
    expect(socket.sent.at(-1)).toEqual({ op: 'subscribed', topics: ['a.b'] });
  });

  it('drops a slow consumer instead of queueing without bound', async () => {
    const { hub, connect, flush } = setup();
    const slow = connect();
    const fast = connect();
    for (const peer of [slow, fast])
      peer.connection.receive('{"op":"subscribe","topics":["a.b"]}', false);
    await flush();
    slow.socket.bufferedAmount = REALTIME_SEND_BUFFER_MAX_BYTES + 1;
    await hub.publish({ merchantCode: 'DEMO', topic: 'a.b', data: 1 });
    expect(slow.socket.terminated).toBe(true);
    expect(fast.socket.sent.at(-1)).toEqual({ topic: 'a.b', data: 1 });
    expect(hub.connectionCount()).toBe(1);
  });

  it('pings live peers and cuts dead ones', () => {
    const { hub, connect, advance } = setup();
    const quiet = connect();
    const lively = connect();
    hub.checkPeers();
    expect([quiet.socket.pings, lively.socket.pings]).toEqual([1, 1]);
    advance(REALTIME_DEAD_PEER_TIMEOUT_MS);
    lively.connection.alive();
    advance(1);
    hub.checkPeers();
    expect(quiet.socket.terminated).toBe(true);
    expect(lively.socket.terminated).toBe(false);
    expect(hub.connectionCount()).toBe(1);
  });

  it('limits sockets per address', () => {
    const { hub, connect } = setup();
    for (let i = 0; i < REALTIME_CONNECTIONS_PER_IP_MAX; i += 1) connect('DEMO', '10.0.0.9');
    expect(hub.canAccept('10.0.0.9')).toBe('REALTIME_CONNECTIONS_LIMIT');
    expect(hub.canAccept('10.0.0.10')).toBeNull();
    // One that slipped past the early check is refused on attach.
    const late = connect('DEMO', '10.0.0.9');
    expect(late.socket.sent).toEqual([{ op: 'error', errorCode: 'REALTIME_CONNECTIONS_LIMIT' }]);
    expect(late.socket.closedWith).toBe(1008);
  });

  it('closes every socket when the event feed is lost, and all of them on close', async () => {
    const { hub, connect, flush, memory } = setup();
    const peer = connect();
    peer.connection.receive('{"op":"subscribe","topics":["a.b"]}', false);
    await flush();
    memory.lose();
    expect(peer.socket.closedWith).toBe(1012);
    const next = connect();
    await hub.close();
    expect(next.socket.closedWith).toBe(1001);
    expect(hub.canAccept('10.0.0.1')).toBe('REALTIME_CONNECTIONS_LIMIT');
  });
});

describe('realtimeNotifyPayload', () => {
  it('is what the listener reads back, and refuses what would not fit', () => {
    const payload = realtimeNotifyPayload({ merchantCode: 'DEMO', topic: 'a.b', data: { id: 7 } });
    expect(parseNotifyEnvelope(payload)).toEqual({ m: 'DEMO', t: 'a.b', d: { id: 7 } });
    expect(() =>
      realtimeNotifyPayload({ merchantCode: 'DEMO', topic: 'a.b', data: 'é'.repeat(4_000) }),
    ).toThrow('REALTIME_EVENT_TOO_LARGE');
    expect(() => realtimeNotifyPayload({ merchantCode: '', topic: 'a.b', data: 1 })).toThrow(
      'MERCHANT_REQUIRED',
    );
  });
});

describe('retryDelayMs', () => {
  it('doubles up to the cap, with jitter between half and all of it', () => {
    const retry = { baseMs: 500, maxMs: 15_000 };
    expect(retryDelayMs(0, retry, () => 0)).toBe(250);
    expect(retryDelayMs(0, retry, () => 1)).toBe(500);
    expect(retryDelayMs(3, retry, () => 1)).toBe(4_000);
    expect(retryDelayMs(50, retry, () => 1)).toBe(15_000);
    expect(retryDelayMs(50, retry, () => 0)).toBe(7_500);
  });
});

describe('member topics', () => {
  /** Tokens `t-<id>` are sessions of member `<id>`; `valid` holds those not logged out. */
  function memberSetup() {
    const memory = memoryTransport();
    const valid = new Set(['t-1', 't-2']);
    const hub = createRealtimeHub({
      transport: memory.transport,
      pingIntervalMs: null,
      authenticate: async (token) => (valid.has(token) ? token.slice(2) : null),
    });
    const connect = () => {
      const socket = new FakeSocket();
      const connection = hub.attach({ socket, merchantCode: 'DEMO', ip: '10.0.0.1' });
      return { socket, connection };
    };
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { hub, connect, flush, valid };
  }
  const send = (
    peer: { connection: { receive(raw: string, isBinary: boolean): void } },
    value: unknown,
  ) => peer.connection.receive(JSON.stringify(value), false);
  const push = (memberId: string) => ({
    merchantCode: 'DEMO',
    topic: memberTopicKey(memberId, MEMBER_BALANCE_TOPIC),
    data: { reason: 'deposit.credited' },
  });

  it("delivers a member's key under the client's name, to that member only", async () => {
    const { hub, connect, flush } = memberSetup();
    const one = connect();
    const two = connect();
    send(one, { op: 'auth', token: 't-1' });
    send(one, { op: 'subscribe', topics: [MEMBER_BALANCE_TOPIC] });
    send(two, { op: 'auth', token: 't-2' });
    send(two, { op: 'subscribe', topics: [MEMBER_BALANCE_TOPIC] });
    await flush();
    await hub.publish(push('1'));
    expect(one.socket.sent).toEqual([
      { op: 'authenticated' },
      { op: 'subscribed', topics: [MEMBER_BALANCE_TOPIC] },
      { topic: MEMBER_BALANCE_TOPIC, data: { reason: 'deposit.credited' } },
    ]);
    expect(two.socket.sent).toHaveLength(2);
    expect(hub.subscriberCounts('DEMO')).toEqual({ 'member.1.balance': 1, 'member.2.balance': 1 });
  });

  it('drops the member topics when the socket authenticates as someone else or fails', async () => {
    const { hub, connect, flush } = memberSetup();
    const peer = connect();
    send(peer, { op: 'auth', token: 't-1' });
    send(peer, { op: 'subscribe', topics: [MEMBER_BALANCE_TOPIC] });
    send(peer, { op: 'auth', token: 't-2' });
    await flush();
    await hub.publish(push('1'));
    expect(peer.socket.sent.at(-1)).toEqual({ op: 'authenticated' });
    expect(hub.subscriberCounts('DEMO')).toEqual({});
    send(peer, { op: 'subscribe', topics: [MEMBER_BALANCE_TOPIC] });
    send(peer, { op: 'auth', token: 'nobody' });
    await flush();
    expect(peer.socket.sent.at(-1)).toEqual({ op: 'error', errorCode: 'REALTIME_AUTH_FAILED' });
    expect(hub.subscriberCounts('DEMO')).toEqual({});
  });

  it('re-checks the session on each subscribe of a member topic', async () => {
    const { connect, flush, valid } = memberSetup();
    const peer = connect();
    send(peer, { op: 'auth', token: 't-1' });
    await flush();
    valid.delete('t-1');
    send(peer, { op: 'subscribe', topics: [MEMBER_BALANCE_TOPIC] });
    await flush();
    expect(peer.socket.sent).toEqual([
      { op: 'authenticated' },
      { op: 'error', errorCode: 'REALTIME_AUTH_FAILED' },
    ]);
  });
});
