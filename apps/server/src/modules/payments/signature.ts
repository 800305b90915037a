import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header of a callback's signing time, in whole seconds since the Unix epoch. */
export const CALLBACK_TIMESTAMP_HEADER = 'x-timestamp';
/** Header of a callback's signature, `sha256=<hex>`. */
export const CALLBACK_SIGNATURE_HEADER = 'x-signature';
/**
 * A callback signed more than this long ago, or this far in the future (the gateway's clock
 * ahead of ours), is refused: a captured callback cannot be replayed later. Gateways redeliver
 * with a fresh timestamp, so an honest retry is never refused for its age.
 */
export const CALLBACK_MAX_AGE_MS = 5 * 60 * 1000;

const TIMESTAMP_PATTERN = /^[0-9]{1,12}$/;

/** The signature of a callback: `sha256=<hex HMAC of "<timestamp>.<raw body>">`. */
export function signCallback(timestamp: string, rawBody: string, secret: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8');
  return `sha256=${mac.digest('hex')}`;
}

/** The timestamp header value for a callback signed at `nowMs`. */
export function callbackTimestamp(nowMs: number): string {
  return String(Math.floor(nowMs / 1000));
}

/** Whether a callback's timestamp is within CALLBACK_MAX_AGE_MS of `nowMs`, either way. */
export function isCallbackFresh(timestamp: string, nowMs: number): boolean {
  if (!TIMESTAMP_PATTERN.test(timestamp)) return false;
  return Math.abs(nowMs - Number(timestamp) * 1000) <= CALLBACK_MAX_AGE_MS;
}

export function verifyCallbackSignature(input: {
  rawBody: string;
  timestamp: string;
  signature: string;
  secret: string;
  nowMs: number;
}): boolean {
  if (!isCallbackFresh(input.timestamp, input.nowMs)) return false;
  const expected = Buffer.from(signCallback(input.timestamp, input.rawBody, input.secret));
  const given = Buffer.from(input.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
