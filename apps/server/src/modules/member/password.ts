import { type Algorithm, hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum that isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP's Argon2id setting: 19 MiB, two passes, one lane (ARCHITECTURE §2). */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let timingDecoyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so that a login for an unknown username takes as long as
 * one with a wrong password, and the answer time does not tell which usernames exist.
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  timingDecoyHash ??= hashPassword('timing-decoy-password');
  await verifyPassword(await timingDecoyHash, password);
}
