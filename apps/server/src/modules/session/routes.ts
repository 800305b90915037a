import { loginCall, logoutCall } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { type MemberService, normalizeUsername } from '../member/index.js';
import { merchantOf } from '../system/index.js';
import type { VerificationService } from '../verification/index.js';
import { authOf } from './guard.js';
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

export function registerSessionRoutes(
  registerCall: RegisterCall,
  deps: {
    sessions: SessionService;
    members: MemberService;
    verification: VerificationService;
    rateLimit: RateLimiter;
  },
): void {
  const { sessions, members, verification, rateLimit } = deps;

  registerCall(loginCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    await rateLimit(LOGIN_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    await rateLimit(LOGIN_PER_USERNAME_LIMIT, `${merchant.code}:${body.username.toLowerCase()}`);
    const attempt = { username: normalizeUsername(body.username), ip: request.ip };
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
    const { firstTimeLogin, passwordExpired } = await members.recordLogin(merchant, member);
    const token = await sessions.issue({
      merchantCode: merchant.code,
      memberId: member.id,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return { token, firstTimeLogin, passwordExpired };
  });

  registerCall(logoutCall, async ({ request }) => {
    await sessions.revoke(authOf(request).sessionId);
    return null;
  });
}
