import { forgotPasswordByEmailCall, resetPasswordByEmailCall } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../../http/rate-limit.js';
import { emailLanguageOf } from '../../email/index.js';
import { type Merchant, merchantOf } from '../../system/index.js';
import { normalizeUsername } from '../service.js';
import type { PasswordResetService } from './service.js';

/** Reset e-mails asked for from one address (whatever the accounts). */
export const FORGOT_EMAIL_PER_IP_LIMIT: RateLimitRule = {
  name: 'forgot-email-ip',
  limit: 10,
  windowMs: 60 * 60 * 1000,
};
/** Reset e-mails asked for one username: a mailbox is not flooded. */
export const FORGOT_EMAIL_PER_USERNAME_LIMIT: RateLimitRule = {
  name: 'forgot-email-username',
  limit: 5,
  windowMs: 60 * 60 * 1000,
};
/** Reset e-mails asked for one e-mail address, whatever the usernames tried with it. */
export const FORGOT_EMAIL_PER_ADDRESS_LIMIT: RateLimitRule = {
  name: 'forgot-email-address',
  limit: 5,
  windowMs: 60 * 60 * 1000,
};
/** Tries of reset links from one address (a token cannot be guessed; this keeps it so). */
export const RESET_PASSWORD_PER_IP_LIMIT: RateLimitRule = {
  name: 'reset-password-email-ip',
  limit: 20,
  windowMs: 15 * 60 * 1000,
};

/**
 * The site address for a reset link. The Host header is the caller's to choose, so it is used
 * only when it is one of the merchant's domains; otherwise the merchant's first domain (HTTPS).
 * A merchant with no domain gets no link.
 */
export function resetLinkOrigin(merchant: Merchant, request: FastifyRequest): string | null {
  const domains = merchant.domains.map((domain) => domain.toLowerCase());
  const hostname = request.hostname.toLowerCase();
  if (domains.includes(hostname)) {
    // Rebuilt from checked parts: a Host with a path or user part cannot leak into the link.
    const port = Number.isInteger(request.port) ? `:${request.port}` : '';
    return `${request.protocol}://${hostname}${port}`;
  }
  const first = domains[0];
  return first ? `https://${first}` : null;
}

export function registerPasswordResetRoutes(
  registerCall: RegisterCall,
  deps: {
    passwordResets: PasswordResetService;
    rateLimit: RateLimiter;
    /** Ends every session of a member (after the new password is set). */
    revokeSessions(memberId: bigint): Promise<unknown>;
  },
): void {
  const { passwordResets, rateLimit, revokeSessions } = deps;

  registerCall(forgotPasswordByEmailCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    await rateLimit(FORGOT_EMAIL_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    if (body.username !== '') {
      await rateLimit(
        FORGOT_EMAIL_PER_USERNAME_LIMIT,
        `${merchant.code}:${normalizeUsername(body.username)}`,
      );
    }
    if (body.email !== '') {
      await rateLimit(
        FORGOT_EMAIL_PER_ADDRESS_LIMIT,
        `${merchant.code}:${body.email.toLowerCase()}`,
      );
    }
    const language = request.headers.language;
    await passwordResets.requestLink(merchant, body, {
      origin: resetLinkOrigin(merchant, request),
      language: emailLanguageOf(
        typeof language === 'string' && language !== '' ? language : merchant.defaultLanguage,
      ),
    });
    return null;
  });

  registerCall(resetPasswordByEmailCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    await rateLimit(RESET_PASSWORD_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    const memberId = await passwordResets.resetPassword(merchant, body);
    await revokeSessions(memberId);
    return null;
  });
}
