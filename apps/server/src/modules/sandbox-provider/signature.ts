import { createHmac } from 'node:crypto';

export const SIGNATURE_TIMESTAMP_HEADER = 'X-Provider-Timestamp';
export const SIGNATURE_HEADER = 'X-Provider-Signature';

/** The seamless protocol's signature: HMAC-SHA256(api_secret, "<timestamp>.<raw body>"). */
export function signSeamlessBody(secret: string, timestampMs: number, rawBody: string): string {
  const hex = createHmac('sha256', secret).update(`${timestampMs}.${rawBody}`).digest('hex');
  return `sha256=${hex}`;
}
