import { createHmac, timingSafeEqual } from 'node:crypto';

/** Callbacks are signed as `sha256=<hex HMAC of the raw body>` with the method's shared secret. */
export function signCallback(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

export function verifyCallbackSignature(rawBody: string, signature: string, secret: string) {
  const expected = Buffer.from(signCallback(rawBody, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
