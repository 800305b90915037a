import {
  isRealtimeTopic,
  REALTIME_AUTH_TOKEN_MAX_LENGTH,
  type RealtimeClientMessage,
  type RealtimeErrorCode,
} from '@app/contract';
import { REALTIME_CLIENT_MESSAGE_MAX_BYTES, REALTIME_TOPICS_PER_CONNECTION_MAX } from './limits.js';

export type ParsedClientMessage =
  | { ok: true; message: RealtimeClientMessage }
  | { ok: false; errorCode: RealtimeErrorCode };

/**
 * Reads one client frame: `{op: 'subscribe' | 'unsubscribe', topics: string[]}` or
 * `{op: 'auth', token: string}`. Hand-checked
 * rather than zod: it runs for every frame and the shape is tiny.
 */
export function parseClientMessage(raw: string | Buffer, isBinary = false): ParsedClientMessage {
  if (isBinary) return { ok: false, errorCode: 'REALTIME_MESSAGE_INVALID' };
  const bytes = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  if (bytes > REALTIME_CLIENT_MESSAGE_MAX_BYTES) {
    return { ok: false, errorCode: 'REALTIME_MESSAGE_TOO_LARGE' };
  }
  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
  } catch {
    return { ok: false, errorCode: 'REALTIME_MESSAGE_INVALID' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errorCode: 'REALTIME_MESSAGE_INVALID' };
  }
  const { op, topics, token } = value as Record<string, unknown>;
  if (op === 'auth') {
    if (
      typeof token !== 'string' ||
      token === '' ||
      token.length > REALTIME_AUTH_TOKEN_MAX_LENGTH
    ) {
      return { ok: false, errorCode: 'REALTIME_MESSAGE_INVALID' };
    }
    return { ok: true, message: { op, token } };
  }
  if ((op !== 'subscribe' && op !== 'unsubscribe') || !Array.isArray(topics)) {
    return { ok: false, errorCode: 'REALTIME_MESSAGE_INVALID' };
  }
  if (topics.length > REALTIME_TOPICS_PER_CONNECTION_MAX) {
    return { ok: false, errorCode: 'REALTIME_TOPICS_LIMIT' };
  }
  if (!topics.every(isRealtimeTopic)) return { ok: false, errorCode: 'REALTIME_TOPIC_INVALID' };
  return { ok: true, message: { op, topics: [...new Set(topics as string[])] } };
}

/** The envelope of one event on the NOTIFY channel (short keys: the payload limit is tight). */
export interface NotifyEnvelope {
  m: string;
  t: string;
  d: unknown;
}

export function parseNotifyEnvelope(payload: string | undefined): NotifyEnvelope | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<NotifyEnvelope> | null;
    if (!value || typeof value.m !== 'string' || typeof value.t !== 'string') return null;
    return { m: value.m, t: value.t, d: value.d ?? null };
  } catch {
    return null;
  }
}
