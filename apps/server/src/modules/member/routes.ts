import { randomBytes } from 'node:crypto';
import {
  affiliateCheckCall,
  changePasswordCall,
  memberIconCall,
  memberInfoCall,
  registerCall as registerMemberCall,
  registerMobileCall,
  resetPasswordByPhoneCall,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import { parseCookies, serializeCookie } from '../../http/cookies.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { SmsService } from '../sms/index.js';
import { type Merchant, merchantOf } from '../system/index.js';
import type { VerificationService } from '../verification/index.js';
import { drawAvatar } from './avatar-image.js';
import type { Member } from './repository.js';
import type { MemberService } from './service.js';

/** The avatar changes only with the account: the browser may keep it this long. */
export const MEMBER_ICON_MAX_AGE_SECONDS = 24 * 60 * 60;

/** Account farming: new accounts per address. */
export const REGISTER_PER_IP_LIMIT: RateLimitRule = {
  name: 'register-ip',
  limit: 10,
  windowMs: 60 * 60 * 1000,
};

/** Guessing the old password from a stolen session. */
export const CHANGE_PASSWORD_PER_MEMBER_LIMIT: RateLimitRule = {
  name: 'change-password',
  limit: 5,
  windowMs: 15 * 60 * 1000,
};

/**
 * What this module needs from the session module. It is handed in by the app rather than
 * imported, because the session module already depends on this one for logins.
 */
export interface MemberRouteDeps {
  members: MemberService;
  rateLimit: RateLimiter;
  /** Records the login and opens a session: the session module's one way in. */
  startSession(
    merchant: Merchant,
    member: Member,
    client: { ip: string; userAgent: string | undefined },
  ): Promise<{ token: string; firstTimeLogin: boolean; passwordExpired: boolean }>;
  memberIdOf(request: FastifyRequest): bigint;
  /** The member of a call that a trial account may not make (TRIAL_ACCOUNT). */
  realMemberIdOf(request: FastifyRequest): bigint;
  /** Ends every session of a member (after a password change). */
  revokeSessions(memberId: bigint): Promise<unknown>;
  verification: VerificationService;
  sms: SmsService;
}

/** Guessing affiliate codes from one address. */
export const AFFILIATE_CHECK_PER_IP_LIMIT: RateLimitRule = {
  name: 'affiliate-check-ip',
  limit: 30,
  windowMs: 15 * 60 * 1000,
};

/** Guessing SMS codes across numbers from one address (each code also dies after 5 tries). */
export const RESET_PASSWORD_BY_PHONE_PER_IP_LIMIT: RateLimitRule = {
  name: 'reset-password-phone-ip',
  limit: 20,
  windowMs: 15 * 60 * 1000,
};

/** The first-party cookie naming the browser a registration came from (the referral farm guard). */
export const DEVICE_COOKIE_NAME = 'device_id';
/** The device cookie lives a year: long enough to link the accounts a farm makes on one browser. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The browser's device id: its `device_id` cookie when well formed, else a new random one set
 * on the reply. The SPEC's `Device` header names a platform (WEB), not a browser, so the id is
 * our own cookie; clearing cookies escapes it, which the address rule still covers.
 */
function deviceIdOf(request: FastifyRequest, reply: FastifyReply): string {
  const known = parseCookies(request.headers.cookie).get(DEVICE_COOKIE_NAME);
  if (known && DEVICE_ID_PATTERN.test(known)) return known;
  const made = randomBytes(18).toString('base64url');
  reply.header(
    'set-cookie',
    serializeCookie(DEVICE_COOKIE_NAME, made, {
      path: '/',
      maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS,
      httpOnly: true,
      secure: request.protocol === 'https',
      sameSite: 'Lax',
    }),
  );
  return made;
}

export function registerMemberRoutes(registerCall: RegisterCall, deps: MemberRouteDeps): void {
  const { members, rateLimit, memberIdOf, realMemberIdOf, revokeSessions, verification, sms } =
    deps;

  function startSession(merchant: Merchant, member: Member, request: FastifyRequest) {
    return deps.startSession(merchant, member, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
  }

  registerCall(registerMobileCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    await rateLimit(REGISTER_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    await verification.requireChallenge(merchant, body.challengeToken);
    const member = await members.registerMobile(merchant, body, {
      ip: request.ip,
      verifyCode: (phone) => sms.checkProof(merchant.code, 'register', phone, body),
    });
    if (!body.login) return { account: member.username, session: null };
    return { account: member.username, session: await startSession(merchant, member, request) };
  });

  registerCall(resetPasswordByPhoneCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    await rateLimit(RESET_PASSWORD_BY_PHONE_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    const member = await members.resetPasswordByPhone(merchant, body, (phone) =>
      sms.checkProof(merchant.code, 'noLogin', phone, body),
    );
    await revokeSessions(member.id);
    return startSession(merchant, member, request);
  });

  registerCall(registerMemberCall, async ({ body, request, reply }) => {
    const merchant = merchantOf(request);
    await rateLimit(REGISTER_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    await verification.requireChallenge(merchant, body.challengeToken);
    const member = await members.register(merchant, body, {
      ip: request.ip,
      deviceId: deviceIdOf(request, reply),
      verifyCaptcha: merchant.registerSettings.captcha.enabled
        ? () => verification.checkCaptcha(merchant.code, body.captchaId, body.captcha)
        : undefined,
      verifyCode: (phone) => sms.checkCode(merchant.code, 'register', phone, body.verificationCode),
    });
    if (!body.login) return { account: member.username, session: null };
    return { account: member.username, session: await startSession(merchant, member, request) };
  });

  registerCall(affiliateCheckCall, async ({ query, request }) => {
    const merchant = merchantOf(request);
    await rateLimit(AFFILIATE_CHECK_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    const { code } = await members.checkAffiliateCode(merchant, query.code);
    return { valid: true as const, code };
  });

  registerCall(changePasswordCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    const memberId = realMemberIdOf(request);
    await rateLimit(CHANGE_PASSWORD_PER_MEMBER_LIMIT, `${merchant.code}:${memberId}`);
    await members.changePassword(merchant, memberId, body);
    await revokeSessions(memberId);
    return null;
  });
  registerCall(memberInfoCall, async ({ request }) =>
    members.info(merchantOf(request), memberIdOf(request)),
  );

  registerCall(memberIconCall, async ({ request, reply }) => {
    const info = await members.info(merchantOf(request), memberIdOf(request));
    // Private: the answer depends on the Authorization header, so no shared cache keeps it.
    reply.header('cache-control', `private, max-age=${MEMBER_ICON_MAX_AGE_SECONDS}`);
    reply.header('vary', 'Authorization');
    const png = drawAvatar(BigInt(info.id), info.account);
    return { icon: `data:image/png;base64,${png.toString('base64')}` };
  });
}
