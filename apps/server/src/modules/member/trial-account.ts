import { randomBytes } from 'node:crypto';
import { memberTypes } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { Merchant } from '../system/index.js';
import { hashPassword } from './password.js';
import type { Member, MemberRepository } from './repository.js';

/** Trial usernames are `demo_` and this many random characters. */
export const TRIAL_USERNAME_RANDOM_LENGTH = 10;
/** A clash of 50 random bits is rare; a few tries make it practically impossible to fail. */
export const TRIAL_USERNAME_TRIES = 3;
/** The unknown password of a trial account: long enough that nobody can log in with it. */
const TRIAL_PASSWORD_BYTES = 32;
const TRIAL_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function randomTrialUsername(): string {
  const bytes = randomBytes(TRIAL_USERNAME_RANDOM_LENGTH);
  let suffix = '';
  for (const byte of bytes) suffix += TRIAL_ALPHABET[byte % TRIAL_ALPHABET.length];
  return `demo_${suffix}`;
}

/**
 * A free-demo account (type 4, SPEC §4/§6): a generated username and a random password that
 * is never shown, so the only way in is the session the free-play call hands out.
 */
export async function createTrialAccount(
  repository: MemberRepository,
  merchant: Merchant,
  ip: string | null,
): Promise<Member> {
  if (!merchant.whiteLabel.freePlay) throw new AppError('FORBIDDEN');
  const passwordHash = await hashPassword(randomBytes(TRIAL_PASSWORD_BYTES).toString('base64url'));
  for (let attempt = 0; attempt < TRIAL_USERNAME_TRIES; attempt += 1) {
    const username = randomTrialUsername();
    const member = await repository.insert({
      merchantCode: merchant.code,
      username,
      usernameNormalized: username,
      passwordHash,
      paymentPasswordHash: null,
      passwordKnown: false,
      nickname: username,
      profile: {},
      registerIp: ip,
      registerUrl: null,
      registerDomain: null,
      registerMethod: 'FREEPLAY',
      uplineMemberId: null,
      affiliateCodeId: null,
      termsAcceptedAt: null,
      type: memberTypes.trial,
    });
    if (member) return member;
  }
  throw new Error('no free trial username after several tries');
}
