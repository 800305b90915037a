import { loginCall, logoutCall } from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { MemberService } from '../member/index.js';
import { merchantOf } from '../system/index.js';
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
  deps: { sessions: SessionService; members: MemberService; rateLimit: RateLimiter },
): void {
  const { sessions, members, rateLimit } = deps;

  registerCall(loginCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    await rateLimit(LOGIN_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    await rateLimit(LOGIN_PER_USERNAME_LIMIT, `${merchant.code}:${body.username.toLowerCase()}`);
    const member = await members.verifyCredentials(merchant, body.username, body.password);
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
