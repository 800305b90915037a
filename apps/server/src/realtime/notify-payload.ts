import { isRealtimeTopic } from '@app/contract';
import { AppError } from '../http/app-error.js';
import { REALTIME_NOTIFY_PAYLOAD_MAX_BYTES } from './limits.js';
import type { NotifyEnvelope } from './protocol.js';

/** One event for every subscriber of `topic` under `merchantCode`, on every instance. */
export interface RealtimeEvent {
  merchantCode: string;
  topic: string;
  data: unknown;
}

/**
 * The NOTIFY payload of an event, checked (topic, merchant, size). A repository may send it
 * with `pg_notify(REALTIME_NOTIFY_CHANNEL, payload)` inside its own transaction, so that the
 * event goes out exactly when the data it announces is committed.
 */
export function realtimeNotifyPayload(event: RealtimeEvent): string {
  if (typeof event.merchantCode !== 'string' || event.merchantCode === '') {
    throw new AppError('MERCHANT_REQUIRED');
  }
  if (!isRealtimeTopic(event.topic))
    throw new AppError('REALTIME_TOPIC_INVALID', { field: 'topic' });
  const envelope: NotifyEnvelope = { m: event.merchantCode, t: event.topic, d: event.data };
  const payload = JSON.stringify(envelope);
  const bytes = Buffer.byteLength(payload);
  if (bytes > REALTIME_NOTIFY_PAYLOAD_MAX_BYTES) {
    // The topic and size go in the cause (logs); the details stay within the envelope's fields.
    throw new AppError(
      'REALTIME_EVENT_TOO_LARGE',
      { field: 'data', maxLength: REALTIME_NOTIFY_PAYLOAD_MAX_BYTES },
      { cause: new Error(`${event.topic}: ${bytes} bytes`) },
    );
  }
  return payload;
}
