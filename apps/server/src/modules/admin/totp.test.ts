import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  matchTotpStep,
  otpauthUri,
  totpCodeAt,
  totpStepAt,
} from './totp.js';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII of "12345678901234567890".
const rfcSecret = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238, SHA-1)', () => {
  it('gives the RFC test vectors (8 digits)', () => {
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totpCodeAt(rfcSecret, totpStepAt(seconds * 1000), 8)).toBe(code);
    }
  });

  it('accepts the code of the step before and after, nothing further', () => {
    const nowMs = 1_700_000_000_000;
    const step = totpStepAt(nowMs);
    expect(matchTotpStep(rfcSecret, totpCodeAt(rfcSecret, step - 1), nowMs)).toBe(step - 1);
    expect(matchTotpStep(rfcSecret, totpCodeAt(rfcSecret, step + 1), nowMs)).toBe(step + 1);
    expect(matchTotpStep(rfcSecret, totpCodeAt(rfcSecret, step - 2), nowMs)).toBeNull();
  });

  it('round-trips base32 (RFC 4648) and writes the otpauth URI apps read', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(otpauthUri({ issuer: 'Demo', account: 'admin', secret: Buffer.from('foobar') })).toBe(
      'otpauth://totp/Demo%3Aadmin?secret=MZXW6YTBOI&issuer=Demo&algorithm=SHA1&digits=6&period=30',
    );
  });
});
