import { randomBytes, randomInt } from 'node:crypto';
import { hashPassword } from './password.js';
import type { Member, MemberRepository, NewMember } from './repository.js';

/** Letters of a generated username: lowercase, no look-alikes. */
const USERNAME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const GENERATED_USERNAME_LENGTH = 10;
/** Tries at a free generated username before giving up (a clash is already ~1 in 10^14). */
const GENERATED_USERNAME_TRIES = 5;
/** The unknown password: long enough that nobody can log in with it. */
const UNKNOWN_PASSWORD_BYTES = 32;

function generatedUsername(prefix: string): string {
  let name = prefix;
  for (let index = 0; index < GENERATED_USERNAME_LENGTH; index += 1) {
    name += USERNAME_ALPHABET[randomInt(USERNAME_ALPHABET.length)];
  }
  return name;
}

/**
 * An account nobody chose a name or password for (free demo, social sign-in): `prefix` and
 * random letters, and a random password that is never shown (`passwordKnown` false, so the
 * first change asks no old password). The rest of the row comes from `fields`.
 */
export async function insertGeneratedAccount(
  repository: MemberRepository,
  prefix: string,
  fields: Omit<
    NewMember,
    'username' | 'usernameNormalized' | 'passwordHash' | 'paymentPasswordHash' | 'nickname'
  > & { nickname?: string | undefined },
): Promise<Member> {
  const passwordHash = await hashPassword(
    randomBytes(UNKNOWN_PASSWORD_BYTES).toString('base64url'),
  );
  for (let attempt = 0; attempt < GENERATED_USERNAME_TRIES; attempt += 1) {
    const username = generatedUsername(prefix);
    const member = await repository.insert({
      ...fields,
      username,
      usernameNormalized: username,
      passwordHash,
      paymentPasswordHash: null,
      passwordKnown: false,
      nickname: fields.nickname || username,
    });
    if (member) return member;
  }
  throw new Error(`no free ${prefix} username after ${GENERATED_USERNAME_TRIES} tries`);
}
