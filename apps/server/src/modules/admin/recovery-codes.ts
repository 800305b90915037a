import { createHash, randomBytes } from 'node:crypto';
import { TOTP_RECOVERY_CODE_COUNT } from '@app/contract';
import { base32Encode } from './totp.js';

/**
 * Recovery codes: ten random base32 characters each (50 bits), shown once as `xxxxx-xxxxx`.
 * They are stored as SHA-256 digests: at 50 bits of entropy and behind the login lockout a
 * slow hash adds nothing an attacker would notice, and lookup stays one indexed query.
 */
const RECOVERY_CODE_BYTES = 7;
const RECOVERY_CODE_CHARS = 10;

export function generateRecoveryCodes(): string[] {
  return Array.from({ length: TOTP_RECOVERY_CODE_COUNT }, () => {
    const chars = base32Encode(randomBytes(RECOVERY_CODE_BYTES))
      .slice(0, RECOVERY_CODE_CHARS)
      .toLowerCase();
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The digest a code is stored and looked up by: case and dashes forgiven. */
export function recoveryCodeHash(code: string): Buffer {
  const normal = code.replace(/[\s-]/g, '').toLowerCase();
  return createHash('sha256').update(normal).digest();
}
