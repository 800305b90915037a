import {
  isRealtimeTopic,
  REALTIME_AUTH_TOKEN_MAX_LENGTH,
  REALTIME_TOPIC_MAX_LENGTH,
} from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REALTIME_CLIENT_MESSAGE_MAX_BYTES, REALTIME_TOPICS_PER_CONNECTION_MAX } from './limits.js';
import { parseClientMessage, parseNotifyEnvelope } from './protocol.js';

describe('topic names', () => {
  it('takes a lowercase domain and one to four parts', () => {
    expect(isRealtimeTopic('lottery.draws.VN_NORTH_FAST_1')).toBe(true);
    expect(isRealtimeTopic('games.winners')).toBe(true);
    expect(isRealtimeTopic('a.b.c.d.e')).toBe(true);
    for (const bad of ['lottery', 'Lottery.draws', 'a.b.c.d.e.f', 'a..b', 'a.b c', 'a.b/', '', 7]) {
      expect(isRealtimeTopic(bad)).toBe(false);
    }
    expect(isRealtimeTopic(`a.${'b'.repeat(REALTIME_TOPIC_MAX_LENGTH)}`)).toBe(false);
  });
});

describe('parseClientMessage', () => {
  it('reads subscribe and unsubscribe, without duplicate topics', () => {
    expect(parseClientMessage('{"op":"subscribe","topics":["a.b","a.b","a.c"]}')).toEqual({
      ok: true,
      message: { op: 'subscribe', topics: ['a.b', 'a.c'] },
    });
    expect(parseClientMessage(Buffer.from('{"op":"unsubscribe","topics":[]}'))).toEqual({
      ok: true,
      message: { op: 'unsubscribe', topics: [] },
    });
  });

  it('refuses everything else with a stable code', () => {
    const codeOf = (raw: string, isBinary = false) => {
      const parsed = parseClientMessage(raw, isBinary);
      return parsed.ok ? 'ok' : parsed.errorCode;
    };
    expect(codeOf('{"op":"subscribe","topics":["a.b"]}', true)).toBe('REALTIME_MESSAGE_INVALID');
    expect(codeOf('nope')).toBe('REALTIME_MESSAGE_INVALID');
    expect(codeOf('null')).toBe('REALTIME_MESSAGE_INVALID');
    expect(codeOf('[]')).toBe('REALTIME_MESSAGE_INVALID');
    expect(codeOf('{"op":"publish","topics":["a.b"]}')).toBe('REALTIME_MESSAGE_INVALID');
    expect(codeOf('{"op":"subscribe","topics":"a.b"}')).toBe('REALTIME_MESSAGE_INVALID');
    expect(codeOf('{"op":"subscribe","topics":["a"]}')).toBe('REALTIME_TOPIC_INVALID');
    expect(codeOf('{"op":"subscribe","topics":[1]}')).toBe('REALTIME_TOPIC_INVALID');
    const many = Array.from(
      { length: REALTIME_TOPICS_PER_CONNECTION_MAX + 1 },
      (_, i) => `a.t${i}`,
    );
    expect(codeOf(JSON.stringify({ op: 'subscribe', topics: many }))).toBe('REALTIME_TOPICS_LIMIT');
    const big = JSON.stringify({
      op: 'subscribe',
      topics: ['a.b'],
      pad: 'x'.repeat(REALTIME_CLIENT_MESSAGE_MAX_BYTES),
    });
    expect(codeOf(big)).toBe('REALTIME_MESSAGE_TOO_LARGE');
  });

  it('reads an auth message and refuses a missing or oversized token', () => {
    expect(parseClientMessage('{"op":"auth","token":"abc"}')).toEqual({
      ok: true,
      message: { op: 'auth', token: 'abc' },
    });
    for (const raw of ['{"op":"auth"}', '{"op":"auth","token":""}', '{"op":"auth","token":7}']) {
      expect(parseClientMessage(raw)).toEqual({ ok: false, errorCode: 'REALTIME_MESSAGE_INVALID' });
    }
    const long = JSON.stringify({
      op: 'auth',
      token: 'x'.repeat(REALTIME_AUTH_TOKEN_MAX_LENGTH + 1),
    });
    expect(parseClientMessage(long)).toEqual({ ok: false, errorCode: 'REALTIME_MESSAGE_INVALID' });
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const parsed = parseClientMessage(raw);
        if (parsed.ok && parsed.message.op !== 'auth') {
          expect(parsed.message.topics.every(isRealtimeTopic)).toBe(true);
        }
      }),
    );
  });
});

describe('parseNotifyEnvelope', () => {
  it('reads an envelope and ignores anything malformed', () => {
    expect(parseNotifyEnvelope('{"m":"DEMO","t":"a.b","d":{"x":1}}')).toEqual({
      m: 'DEMO',
      t: 'a.b',
      d: { x: 1 },
    });
    expect(parseNotifyEnvelope('{"m":"DEMO","t":"a.b"}')).toEqual({ m: 'DEMO', t: 'a.b', d: null });
    for (const bad of [undefined, '', 'x', 'null', '{"m":1,"t":"a.b"}', '{"t":"a.b"}']) {
      expect(parseNotifyEnvelope(bad)).toBeNull();
    }
  });
});
