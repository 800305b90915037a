import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the operating system's CSPRNG. */
export const SESSION_TOKEN_BYTES = 32;
/** base64url of 32 bytes; anything else in the Authorization header is not a token. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateSessionToken(): string {
  return randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
}

/** Only this hash is stored, so a copy of the database does not hand out live sessions. */
export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
