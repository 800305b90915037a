import { agentMemberTypes, memberTypes } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { LedgerService } from '../ledger/index.js';
import {
  isWeakDefaultPassword,
  type Member,
  type MemberService,
  normalizeUsername,
} from '../member/index.js';
import type { PhoneProof, SmsService } from '../sms/index.js';
import type { Merchant } from '../system/index.js';
import type { VerificationService } from '../verification/index.js';
import { creditTrialBalance } from './free-play.js';
import { isAgentType } from './guard.js';
import type { LoginFailureReason } from './repository.js';
import type { SessionService } from './service.js';

/** Guessing passwords: per address across usernames, and per username across addresses. */
export const LOGIN_PER_IP_LIMIT: RateLimitRule = {
  name: 'login-ip',
  limit: 30,
  windowMs: 5 * 60 * 1000,
};
export const LOGIN_PER_USERNAME_LIMIT: RateLimitRule = {
  name: 'login-user',
  limit: 10,
  windowMs: 15 * 60 * 1000,
};
/** New demo accounts per address. */
export const FREE_PLAY_PER_IP_LIMIT: RateLimitRule = {
  name: 'free-play-ip',
  limit: 5,
  windowMs: 60 * 60 * 1000,
};

/** Where the request comes from: what a new session records. */
export interface LoginClient {
  ip: string;
  userAgent: string | undefined;
}

export interface StartedSession {
  token: string;
  firstTimeLogin: boolean;
  /** The password must be changed before anything else (expired, or a weak default). */
  passwordExpired: boolean;
}

export type LoginPortal = 'member' | 'agent';

export interface PasswordLoginInput {
  username: string;
  password: string;
  portal: LoginPortal;
  captcha?: string | undefined;
  captchaId?: string | undefined;
  challengeToken?: string | undefined;
}

export interface SmsLoginInput {
  /** The full mobile number (dialling code and national number). */
  username: string;
  portal: LoginPortal;
  proof: PhoneProof;
}

/**
 * Every way of signing in, as workflows that routes, jobs and tests call alike. Each ends in
 * `startSession`, the one place that records a login and opens a session.
 */
export interface LoginService {
  /** Records the login on the member and opens a session for them. */
  startSession(merchant: Merchant, member: Member, client: LoginClient): Promise<StartedSession>;
  /** Username and password, behind the limits, the slider, the throttle and the captcha. */
  passwordLogin(
    merchant: Merchant,
    input: PasswordLoginInput,
    client: LoginClient,
  ): Promise<StartedSession & { memberId: bigint }>;
  /** The number and the code of `sms/noLogin` (SPEC §3); no captcha: the code is the challenge. */
  smsLogin(merchant: Merchant, input: SmsLoginInput, client: LoginClient): Promise<StartedSession>;
  /** A new trial account with play money, logged in (SPEC §3 free demo). */
  freePlayLogin(merchant: Merchant, client: LoginClient): Promise<StartedSession>;
}

export interface LoginServiceDeps {
  sessions: SessionService;
  members: MemberService;
  verification: VerificationService;
  sms: SmsService;
  ledger: LedgerService;
  rateLimit: RateLimiter;
}

/** The account types the member side takes (SPEC §4, §6): members, agents and trial accounts. */
const MEMBER_SIDE_TYPES: ReadonlySet<number> = new Set([
  memberTypes.member,
  memberTypes.trial,
  ...agentMemberTypes,
]);

/** Why a password login was refused, as the console lists it; undefined: not a login failure. */
function failureReasonOf(errorCode: string): LoginFailureReason | undefined {
  if (errorCode === 'INVALID_CREDENTIALS') return 'wrong-password';
  if (errorCode === 'ACCOUNT_DISABLED') return 'account-locked';
  if (errorCode === 'LOGIN_THROTTLED') return 'throttled';
  if (errorCode.startsWith('CAPTCHA_')) return 'captcha';
  return undefined;
}

/**
 * SPEC §6 and §8: non-agents cannot log in to the agent side, and accounts of any other type
 * (house or system accounts an operator made) cannot log in to the member side.
 */
function requirePortal(portal: LoginPortal, memberType: number): void {
  if (portal === 'agent' && !isAgentType(memberType)) throw new AppError('NOT_AGENT');
  if (portal === 'member' && !MEMBER_SIDE_TYPES.has(memberType)) {
    throw new AppError('NOT_MEMBER_ACCOUNT');
  }
}

/**
 * SPEC §4: an expired or weak default password forces the change only while the merchant's
 * `forcedPasswordChange` switch is on (SMS and provider logins never force it).
 */
function mustChangePassword(merchant: Merchant, expired: boolean, password: string): boolean {
  return merchant.whiteLabel.forcedPasswordChange && (expired || isWeakDefaultPassword(password));
}

export function createLoginService(deps: LoginServiceDeps): LoginService {
  const { sessions, members, verification, sms, ledger, rateLimit } = deps;

  async function startSession(merchant: Merchant, member: Member, client: LoginClient) {
    const { firstTimeLogin, passwordExpired } = await members.recordLogin(merchant, member);
    const token = await sessions.issue({
      merchantCode: merchant.code,
      memberId: member.id,
      memberType: member.type,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { token, firstTimeLogin, passwordExpired };
  }

  /** The per-address and per-account limits, keyed by the name the account lookup uses. */
  async function countAttempt(merchant: Merchant, username: string, client: LoginClient) {
    await rateLimit(LOGIN_PER_IP_LIMIT, `${merchant.code}:${client.ip}`);
    await rateLimit(LOGIN_PER_USERNAME_LIMIT, `${merchant.code}:${normalizeUsername(username)}`);
  }

  /**
   * Failed logins make the next ones wait (growing delay, hourly cap): the answer is
   * LOGIN_THROTTLED with the seconds to wait, never a sleep on the server.
   */
  async function refuseWhileThrottled(
    merchant: Merchant,
    attempt: { username: string; ip: string },
  ) {
    const retryAfterSeconds = await verification.loginWaitSeconds(merchant.code, attempt);
    if (retryAfterSeconds > 0) throw new AppError('LOGIN_THROTTLED', { retryAfterSeconds });
  }

  /** The captcha is asked for by the same rules whether or not the username exists. */
  async function checkCaptchaWhenRequired(
    merchant: Merchant,
    input: PasswordLoginInput,
    attempt: { username: string; ip: string },
  ): Promise<boolean> {
    const captchaRequired =
      merchant.whiteLabel.captchaOnLogin ||
      (await verification.loginCaptchaRequired(merchant.code, attempt));
    if (!captchaRequired) return false;
    try {
      await verification.checkCaptcha(merchant.code, input.captchaId, input.captcha);
    } catch (error) {
      if (error instanceof AppError) {
        throw new AppError(error.errorCode, { ...error.details, captchaRequired: true });
      }
      throw error;
    }
    return true;
  }

  async function checkCredentials(
    merchant: Merchant,
    input: PasswordLoginInput,
    attempt: { username: string; ip: string },
    captchaAsked: boolean,
  ): Promise<Member> {
    try {
      return await members.verifyCredentials(merchant, input.username, input.password);
    } catch (error) {
      if (error instanceof AppError && error.errorCode === 'INVALID_CREDENTIALS') {
        await verification.recordLoginFailure(merchant.code, attempt);
        const needed =
          captchaAsked || (await verification.loginCaptchaRequired(merchant.code, attempt));
        throw new AppError('INVALID_CREDENTIALS', needed ? { captchaRequired: true } : undefined);
      }
      throw error;
    }
  }

  /**
   * Runs the password checks and keeps a refused one for the console's Logins tab, with why
   * it was refused; other errors (a missing slider, a bad request) are not login failures.
   */
  async function recordingFailure(
    merchant: Merchant,
    attempt: { username: string; ip: string },
    client: LoginClient,
    check: () => Promise<Member>,
  ): Promise<Member> {
    try {
      return await check();
    } catch (error) {
      const reason = error instanceof AppError ? failureReasonOf(error.errorCode) : undefined;
      if (reason) {
        await sessions.recordLoginFailure({
          merchantCode: merchant.code,
          username: attempt.username,
          ip: attempt.ip,
          userAgent: client.userAgent,
          reason,
        });
      }
      throw error;
    }
  }

  async function smsMember(merchant: Merchant, username: string, proof: PhoneProof) {
    if (!merchant.whiteLabel.mobileCodeLogin) throw new AppError('FORBIDDEN');
    const phone = username.trim().replace(/^\+/, '');
    if (!/^[0-9]{4,32}$/.test(phone)) throw new AppError('SMS_CODE_INVALID', { field: 'password' });
    try {
      await sms.checkProof(merchant.code, 'noLogin', phone, proof);
    } catch (error) {
      // The code is typed in the password field of the login form.
      if (error instanceof AppError && error.details?.field === 'verificationCode') {
        throw new AppError(error.errorCode, { ...error.details, field: 'password' });
      }
      throw error;
    }
    return members.memberByPhone(merchant, phone);
  }

  return {
    startSession,

    async passwordLogin(merchant, input, client) {
      await countAttempt(merchant, input.username, client);
      // Slider puzzle when the merchant turns it on (an SMS login skips it: SPEC §5).
      await verification.requireChallenge(merchant, input.challengeToken);
      const attempt = { username: normalizeUsername(input.username), ip: client.ip };
      const member = await recordingFailure(merchant, attempt, client, async () => {
        await refuseWhileThrottled(merchant, attempt);
        const captchaAsked = await checkCaptchaWhenRequired(merchant, input, attempt);
        return checkCredentials(merchant, input, attempt, captchaAsked);
      });
      await verification.clearLoginFailures(merchant.code, attempt);
      requirePortal(input.portal, member.type);
      const session = await startSession(merchant, member, client);
      // A weak default password must be changed first too (SPEC §4), not only an expired one.
      const passwordExpired = mustChangePassword(merchant, session.passwordExpired, input.password);
      return { ...session, passwordExpired, memberId: member.id };
    },

    async smsLogin(merchant, input, client) {
      await countAttempt(merchant, input.username, client);
      const member = await smsMember(merchant, input.username, input.proof);
      requirePortal(input.portal, member.type);
      const session = await startSession(merchant, member, client);
      // An expired password does not force a change after an SMS login (SPEC §4).
      return { ...session, passwordExpired: false };
    },

    async freePlayLogin(merchant, client) {
      await rateLimit(FREE_PLAY_PER_IP_LIMIT, `${merchant.code}:${client.ip}`);
      const member = await members.createTrial(merchant, client.ip);
      await creditTrialBalance(ledger, merchant, member.id);
      const session = await startSession(merchant, member, client);
      // A trial account has no password to change or to expire.
      return { ...session, passwordExpired: false };
    },
  };
}
