import { createHmac, randomBytes } from 'node:crypto';

/**
 * TOTP as RFC 6238 with the parameters every authenticator app reads from an otpauth URI by
 * default: HMAC-SHA-1, 30-second steps, 6 digits.
 */
export const TOTP_STEP_MS = 30_000;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted: clocks drift and people type slowly. */
export const TOTP_ALLOWED_DRIFT_STEPS = 1;
/** 160 bits, the HMAC-SHA-1 block the RFC recommends for the shared secret. */
export const TOTP_SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function generateTotpSecret(): Buffer {
  return randomBytes(TOTP_SECRET_BYTES);
}

export function totpStepAt(timeMs: number): number {
  return Math.floor(timeMs / TOTP_STEP_MS);
}

/** The code of one time step (RFC 4226 dynamic truncation), `digits` long. */
export function totpCodeAt(secret: Buffer, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', secret).update(counter).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

/**
 * The step whose code `code` is, within the allowed drift around `nowMs`, or null. The caller
 * refuses a step at or before the last one accepted, so a code works once.
 */
export function matchTotpStep(secret: Buffer, code: string, nowMs: number): number | null {
  const current = totpStepAt(nowMs);
  for (let delta = -TOTP_ALLOWED_DRIFT_STEPS; delta <= TOTP_ALLOWED_DRIFT_STEPS; delta += 1) {
    if (totpCodeAt(secret, current + delta) === code) return current + delta;
  }
  return null;
}

/** The URI authenticator apps scan: issuer and account in the label, the same issuer again. */
export function otpauthUri(input: { issuer: string; account: string; secret: Buffer }): string {
  const label = encodeURIComponent(`${input.issuer}:${input.account}`);
  const params = new URLSearchParams({
    secret: base32Encode(input.secret),
    issuer: input.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_MS / 1000),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
