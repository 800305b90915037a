import { loginCall, logoutCall } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { LedgerService } from '../ledger/index.js';
import { isWeakDefaultPassword, type MemberService, normalizeUsername } from '../member/index.js';
import type { PhoneProof, SmsService } from '../sms/index.js';
import { merchantOf } from '../system/index.js';
import type { VerificationService } from '../verification/index.js';
import { registerFreePlayRoutes } from './free-play.js';
import { authOf, isAgentType } from './guard.js';
import { applyRememberMe, registerRememberRoutes } from './remember/routes.js';
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

/**
 * Failed logins make the next ones wait (growing delay, hourly cap): the answer is
 * LOGIN_THROTTLED with the seconds to wait, never a sleep on the server.
 */
async function refuseWhileThrottled(
  verification: VerificationService,
  merchantCode: string,
  attempt: { username: string; ip: string },
): Promise<void> {
  const retryAfterSeconds = await verification.loginWaitSeconds(merchantCode, attempt);
  if (retryAfterSeconds > 0) throw new AppError('LOGIN_THROTTLED', { retryAfterSeconds });
}

/** SPEC §6: non-agents cannot log in to the agent side; the member side takes every account. */
function requirePortal(portal: 'member' | 'agent', memberType: number): void {
  if (portal === 'agent' && !isAgentType(memberType)) throw new AppError('NOT_AGENT');
}

export function registerSessionRoutes(
  registerCall: RegisterCall,
  deps: {
    sessions: SessionService;
    members: MemberService;
    verification: VerificationService;
    rateLimit: RateLimiter;
    sms: SmsService;
    ledger: LedgerService;
  },
): void {
  const { sessions, members, verification, rateLimit, sms } = deps;
  registerRememberRoutes(registerCall, deps);
  registerFreePlayRoutes(registerCall, deps);

  /** SMS login (SPEC §3): username is the full number, password the code of sms/noLogin. */
  async function smsLogin(
    merchant: ReturnType<typeof merchantOf>,
    username: string,
    proof: PhoneProof,
  ): Promise<Awaited<ReturnType<MemberService['memberByPhone']>>> {
    if (!merchant.whiteLabel.mobileCodeLogin) throw new AppError('FORBIDDEN');
    const phone = username.trim().replace(/^\+/, '');
    if (!/^[0-9]{4,32}$/.test(phone)) throw new AppError('SMS_CODE_INVALID', { field: 'password' });
    try {
      await sms.checkProof(merchant.code, 'noLogin', phone, proof);
    } catch (error) {
      if (error instanceof AppError && error.details?.field === 'verificationCode') {
        throw new AppError(error.errorCode, { ...error.details, field: 'password' });
      }
      throw error;
    }
    return members.memberByPhone(merchant, phone);
  }

  registerCall(loginCall, async ({ body, request, reply }) => {
    const merchant = merchantOf(request);
    await rateLimit(LOGIN_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    // The same normal form as the account lookup: 'ｄｅｍｏ' and 'demo' share one bucket.
    await rateLimit(
      LOGIN_PER_USERNAME_LIMIT,
      `${merchant.code}:${normalizeUsername(body.username)}`,
    );
    if (body.type === 'sms') {
      // The code itself is the challenge: no captcha (SPEC §5), 5 tries per code.
      const member = await smsLogin(merchant, body.username, {
        verificationCode: body.password,
        firebaseChannel: body.firebaseChannel,
        firebaseIdToken: body.firebaseIdToken,
      });
      requirePortal(body.portal, member.type);
      const { firstTimeLogin } = await members.recordLogin(merchant, member);
      const token = await sessions.issue({
        merchantCode: merchant.code,
        memberId: member.id,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // An expired password does not force a change after an SMS login (SPEC §4).
      return { token, firstTimeLogin, passwordExpired: false };
    }
    // Slider puzzle when the merchant turns it on (an SMS login skips it: SPEC §5).
    await verification.requireChallenge(merchant, body.challengeToken);
    const attempt = { username: normalizeUsername(body.username), ip: request.ip };
    await refuseWhileThrottled(verification, merchant.code, attempt);
    // The captcha is asked for by the same rules whether or not the username exists.
    const captchaRequired =
      merchant.whiteLabel.captchaOnLogin ||
      (await verification.loginCaptchaRequired(merchant.code, attempt));
    if (captchaRequired) {
      try {
        await verification.checkCaptcha(merchant.code, body.captchaId, body.captcha);
      } catch (error) {
        if (error instanceof AppError) {
          throw new AppError(error.errorCode, { ...error.details, captchaRequired: true });
        }
        throw error;
      }
    }
    let member: Awaited<ReturnType<MemberService['verifyCredentials']>>;
    try {
      member = await members.verifyCredentials(merchant, body.username, body.password);
    } catch (error) {
      if (error instanceof AppError && error.errorCode === 'INVALID_CREDENTIALS') {
        await verification.recordLoginFailure(merchant.code, attempt);
        const needed =
          captchaRequired || (await verification.loginCaptchaRequired(merchant.code, attempt));
        throw new AppError('INVALID_CREDENTIALS', needed ? { captchaRequired: true } : undefined);
      }
      throw error;
    }
    await verification.clearLoginFailures(merchant.code, attempt);
    requirePortal(body.portal, member.type);
    const { firstTimeLogin, passwordExpired } = await members.recordLogin(merchant, member);
    const token = await sessions.issue({
      merchantCode: merchant.code,
      memberId: member.id,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    const { rememberMe } = body;
    await applyRememberMe(sessions, {
      request,
      reply,
      merchantCode: merchant.code,
      memberId: member.id,
      rememberMe,
    });
    // A weak default password must be changed first too (SPEC §4), not only an expired one.
    return {
      token,
      firstTimeLogin,
      passwordExpired: passwordExpired || isWeakDefaultPassword(body.password),
    };
  });

  registerCall(logoutCall, async ({ request }) => {
    await sessions.revoke(authOf(request).sessionId);
    return null;
  });
}
