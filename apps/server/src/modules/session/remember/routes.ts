import { forgetRememberedCall, rememberedLoginCall } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.js';
import type { RegisterCall } from '../../../http/call-route.js';
import { parseCookies, serializeCookie } from '../../../http/cookies.js';
import type { RateLimiter, RateLimitRule } from '../../../http/rate-limit.js';
import type { MemberService } from '../../member/index.js';
import { merchantOf } from '../../system/index.js';
import type { LoginService } from '../login-service.js';
import type { SessionService } from '../service.js';
import type { RememberedToken } from './service.js';

export const REMEMBER_COOKIE_NAME = 'remember';
/** The cookie goes only to the session calls, never to the rest of the API or the site. */
export const REMEMBER_COOKIE_PATH = '/wps/session';
/** One-click logins per address (a token cannot be guessed; this bounds the trying). */
export const REMEMBERED_LOGIN_PER_IP_LIMIT: RateLimitRule = {
  name: 'remembered-login-ip',
  limit: 30,
  windowMs: 5 * 60 * 1000,
};

function rememberCookieOf(request: FastifyRequest): string | undefined {
  return parseCookies(request.headers.cookie).get(REMEMBER_COOKIE_NAME);
}

function setRememberCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  remembered: RememberedToken | null,
  nowMs: number = Date.now(),
): void {
  reply.header(
    'set-cookie',
    serializeCookie(REMEMBER_COOKIE_NAME, remembered?.token ?? '', {
      path: REMEMBER_COOKIE_PATH,
      maxAgeSeconds: remembered ? Math.ceil((remembered.expiresAt.getTime() - nowMs) / 1000) : 0,
      httpOnly: true,
      // HTTPS behind a proxy counts when the app trusts the proxy (config TRUST_PROXY).
      secure: request.protocol === 'https',
      sameSite: 'Strict',
    }),
  );
}

/**
 * After a password login: `rememberMe` true replaces this browser's remember token with a new
 * one, false revokes it, absent leaves it alone.
 */
export async function applyRememberMe(
  sessions: SessionService,
  input: {
    request: FastifyRequest;
    reply: FastifyReply;
    merchantCode: string;
    memberId: bigint;
    rememberMe: boolean | undefined;
  },
): Promise<void> {
  const { request, reply, rememberMe } = input;
  if (rememberMe === undefined) return;
  await sessions.remember.revoke(rememberCookieOf(request));
  const remembered = rememberMe
    ? await sessions.remember.issue({ merchantCode: input.merchantCode, memberId: input.memberId })
    : null;
  setRememberCookie(request, reply, remembered);
}

export function registerRememberRoutes(
  registerCall: RegisterCall,
  deps: {
    sessions: SessionService;
    logins: LoginService;
    members: MemberService;
    rateLimit: RateLimiter;
  },
): void {
  const { sessions, logins, members, rateLimit } = deps;

  registerCall(rememberedLoginCall, async ({ request, reply }) => {
    const merchant = merchantOf(request);
    await rateLimit(REMEMBERED_LOGIN_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    try {
      const { memberId, next } = await sessions.remember.redeem(
        rememberCookieOf(request),
        merchant.code,
      );
      const member = await members.activeMember(merchant, memberId);
      if (!member) throw new AppError('REMEMBER_TOKEN_INVALID');
      const session = await logins.startSession(merchant, member, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setRememberCookie(request, reply, next);
      return session;
    } catch (error) {
      // A dead cookie is dropped, so the form falls back to the password.
      if (error instanceof AppError) setRememberCookie(request, reply, null);
      throw error;
    }
  });

  registerCall(forgetRememberedCall, async ({ request, reply }) => {
    await sessions.remember.revoke(rememberCookieOf(request));
    setRememberCookie(request, reply, null);
    return null;
  });
}
