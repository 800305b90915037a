import { REALTIME_TOPICS_PER_CONNECTION_MAX } from '@app/contract/client';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRealtimeClient,
  REALTIME_IDLE_CLOSE_MS,
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_MAX_MS,
  type RealtimeSocketLike,
  realtimeUrl,
  reconnectDelayMs,
} from './realtime';

class FakeSocket implements RealtimeSocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: RealtimeSocketLike['onopen'] = null;
  onmessage: RealtimeSocketLike['onmessage'] = null;
  onclose: RealtimeSocketLike['onclose'] = null;
  onerror: RealtimeSocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(value: unknown) {
    this.onmessage?.({ data: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  lose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(token: () => string | null = () => null) {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient({
    token,
    url: () => 'ws://site/ws?merchant=DEMO',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 1,
  });
  return { client, sockets, last: () => sockets[sockets.length - 1] as FakeSocket };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('opens one shared socket at the first subscription and subscribes every topic on open', () => {
    const { client, sockets, last } = setup();
    const events: unknown[] = [];
    client.subscribe('lottery.draws.A', (data) => events.push(['a', data]));
    client.subscribe('lottery.draws.B', (data) => events.push(['b', data]));
    client.subscribe('lottery.draws.A', (data) => events.push(['a2', data]));
    expect(sockets).toHaveLength(1);
    last().open();
    expect(last().sent).toEqual([
      { op: 'subscribe', topics: ['lottery.draws.A', 'lottery.draws.B'] },
    ]);
    last().receive({ topic: 'lottery.draws.A', data: { n: 1 } });
    last().receive('not json');
    last().receive({ op: 'error', errorCode: 'REALTIME_TOPIC_INVALID' });
    last().receive({ topic: 'lottery.draws.C', data: 3 });
    expect(events).toEqual([
      ['a', { n: 1 }],
      ['a2', { n: 1 }],
    ]);
  });

  it('reconnects with backoff, resubscribes and calls onReconnect once subscribed again', () => {
    const { client, sockets, last } = setup();
    const onReconnect = vi.fn();
    client.subscribe('lottery.draws.A', () => {}, { onReconnect });
    last().open();
    last().receive({ op: 'subscribed', topics: ['lottery.draws.A'] });
    expect(onReconnect).not.toHaveBeenCalled();

    last().lose();
    vi.advanceTimersByTime(REALTIME_RECONNECT_BASE_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // The second attempt fails too: the wait doubles.
    last().lose();
    vi.advanceTimersByTime(2 * REALTIME_RECONNECT_BASE_MS - 1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    last().open();
    expect(last().sent).toEqual([{ op: 'subscribe', topics: ['lottery.draws.A'] }]);
    expect(onReconnect).not.toHaveBeenCalled();
    last().receive({ op: 'subscribed', topics: ['lottery.draws.A'] });
    expect(onReconnect).toHaveBeenCalledTimes(1);

    // Back to the first wait after a success.
    last().lose();
    vi.advanceTimersByTime(REALTIME_RECONNECT_BASE_MS);
    expect(sockets).toHaveLength(4);
  });

  it('unsubscribes the last listener of a topic and closes the socket after the idle time', () => {
    const { client, sockets, last } = setup();
    const stopA = client.subscribe('lottery.draws.A', () => {});
    const stopB = client.subscribe('lottery.draws.B', () => {});
    last().open();
    stopA();
    stopA();
    expect(last().sent.at(-1)).toEqual({ op: 'unsubscribe', topics: ['lottery.draws.A'] });
    stopB();
    vi.advanceTimersByTime(REALTIME_IDLE_CLOSE_MS - 1);
    // A new subscription in the meantime keeps the same socket.
    const stopC = client.subscribe('lottery.draws.C', () => {});
    vi.advanceTimersByTime(REALTIME_IDLE_CLOSE_MS);
    expect(last().closedWith).toBeUndefined();
    expect(last().sent.at(-1)).toEqual({ op: 'subscribe', topics: ['lottery.draws.C'] });
    stopC();
    vi.advanceTimersByTime(REALTIME_IDLE_CLOSE_MS);
    expect(last().closedWith).toBe(1000);
    expect(client.topics()).toEqual([]);
    // No reconnect after a close of our own.
    last().lose(1000);
    vi.advanceTimersByTime(REALTIME_RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(1);
  });

  it('presents the session token before each subscribe of a member topic, on reconnect too', () => {
    let token: string | null = 'token-1';
    const { client, last } = setup(() => token);
    const pushes: unknown[] = [];
    client.subscribe('lottery.draws.A', () => {});
    client.subscribe('member.balance', (data) => pushes.push(data));
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'token-1' },
      { op: 'subscribe', topics: ['lottery.draws.A', 'member.balance'] },
    ]);
    last().receive({ topic: 'member.balance', data: { reason: 'deposit.credited' } });
    expect(pushes).toEqual([{ reason: 'deposit.credited' }]);

    token = 'token-2';
    last().lose();
    vi.advanceTimersByTime(REALTIME_RECONNECT_BASE_MS);
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'token-2' },
      { op: 'subscribe', topics: ['lottery.draws.A', 'member.balance'] },
    ]);
  });

  it('sends no auth for public topics or without a token', () => {
    const { client, last } = setup(() => null);
    client.subscribe('member.balance', () => {});
    last().open();
    client.subscribe('lottery.draws.A', () => {});
    expect(last().sent).toEqual([
      { op: 'subscribe', topics: ['member.balance'] },
      { op: 'subscribe', topics: ['lottery.draws.A'] },
    ]);
  });

  it('refuses a bad topic without opening anything', () => {
    const { client, sockets } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    client.subscribe('Bad Topic', () => {})();
    expect(sockets).toHaveLength(0);
    error.mockRestore();
  });

  it('holds at most the server limit of topics per tab', () => {
    const { client, last } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (let i = 0; i < REALTIME_TOPICS_PER_CONNECTION_MAX + 1; i += 1) {
      client.subscribe(`lottery.draws.T${i}`, () => {});
    }
    expect(client.topics()).toHaveLength(REALTIME_TOPICS_PER_CONNECTION_MAX);
    expect(error).toHaveBeenCalledTimes(1);
    last().open();
    expect(last().sent).toHaveLength(1);
  });

  it('keeps other listeners going when one throws', () => {
    const { client, last } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: unknown[] = [];
    client.subscribe('lottery.draws.A', () => {
      throw new Error('page bug');
    });
    client.subscribe('lottery.draws.A', (data) => seen.push(data));
    last().open();
    last().receive({ topic: 'lottery.draws.A', data: 1 });
    expect(seen).toEqual([1]);
    error.mockRestore();
  });
});

describe('reconnectDelayMs', () => {
  it('stays between half and all of the capped doubled wait', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(REALTIME_RECONNECT_BASE_MS / 2);
    expect(reconnectDelayMs(2, () => 1)).toBe(4 * REALTIME_RECONNECT_BASE_MS);
    expect(reconnectDelayMs(40, () => 1)).toBe(REALTIME_RECONNECT_MAX_MS);
  });
});

describe('realtimeUrl', () => {
  it('names the stored merchant', () => {
    window.localStorage.setItem('merchantCode', 'DEMO');
    expect(realtimeUrl()).toMatch(/^wss?:\/\/[^/]+\/ws\?merchant=DEMO$/);
    window.localStorage.removeItem('merchantCode');
    expect(realtimeUrl()).toMatch(/\/ws$/);
  });
});

describe('useRealtimeTopic', () => {
  it('subscribes while mounted, follows the topic and uses the latest callback', async () => {
    const sockets: FakeSocket[] = [];
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          sockets.push(this);
        }
      },
    );
    vi.resetModules();
    const { useRealtimeTopic } = await import('./use-realtime-topic');
    const seen: unknown[] = [];
    const { rerender, unmount } = renderHook(
      ({ topic, tag }: { topic: string | null; tag: string }) =>
        useRealtimeTopic(topic, (data) => seen.push([tag, data])),
      { initialProps: { topic: 'lottery.draws.A' as string | null, tag: 'first' } },
    );
    const socket = sockets[0] as FakeSocket;
    act(() => socket.open());
    expect(socket.sent).toEqual([{ op: 'subscribe', topics: ['lottery.draws.A'] }]);
    rerender({ topic: 'lottery.draws.A', tag: 'second' });
    act(() => socket.receive({ topic: 'lottery.draws.A', data: 1 }));
    expect(seen).toEqual([['second', 1]]);
    rerender({ topic: null, tag: 'second' });
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', topics: ['lottery.draws.A'] });
    unmount();
    vi.unstubAllGlobals();
  });
});
