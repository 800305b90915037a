import { createHmac, timingSafeEqual } from 'node:crypto';
import { SEAMLESS_TIMESTAMP_WINDOW_MS } from '@app/contract';

/**
 * Calls between the platform and an outside provider are signed both ways:
 * `sha256=<hex HMAC-SHA256(api_secret, "<timestamp>.<raw body>")>` with the timestamp in ms.
 */
export function signProviderCall(secret: string, timestampMs: string, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampMs}.${rawBody}`, 'utf8');
  return `sha256=${mac.digest('hex')}`;
}

/** Headers of a signed call made now. */
export function signedHeaders(secret: string, rawBody: string, nowMs = Date.now()) {
  const timestamp = String(nowMs);
  return {
    'content-type': 'application/json',
    'x-provider-timestamp': timestamp,
    'x-provider-signature': signProviderCall(secret, timestamp, rawBody),
  };
}

/** Constant-time check of the signature, and of the timestamp against the window. */
export function verifyProviderCall(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  nowMs: number;
}): boolean {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^[0-9]{1,16}$/.test(timestamp)) return false;
  if (Math.abs(Number(timestamp) - input.nowMs) > SEAMLESS_TIMESTAMP_WINDOW_MS) return false;
  const expected = Buffer.from(signProviderCall(input.secret, timestamp, input.rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
