import { randomBytes } from 'node:crypto';
import { socialExchangeCall, socialProvidersCall } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { LoginService } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import { type SocialService, safeReturnTo, withQuery } from './service.js';

export const SOCIAL_PATH = '/wps/session/social';
/** Binds a sign-in to the browser that started it (login CSRF); only its hash is stored. */
export const SOCIAL_COOKIE_NAME = 'wps_social';
const SOCIAL_COOKIE_MAX_AGE_SECONDS = 15 * 60;
const BROWSER_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Each start stores a row: per address. */
export const SOCIAL_START_PER_IP_LIMIT: RateLimitRule = {
  name: 'social-start-ip',
  limit: 30,
  windowMs: 10 * 60 * 1000,
};
/** Guessing login codes (256 bits, so this is belt and braces). */
export const SOCIAL_EXCHANGE_PER_IP_LIMIT: RateLimitRule = {
  name: 'social-exchange-ip',
  limit: 30,
  windowMs: 10 * 60 * 1000,
};

const startQuerySchema = z.object({ returnTo: z.string().max(2048).optional() });
const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});
const providerParamsSchema = z.object({ provider: z.string().max(32) });

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = rest.join('=');
      return BROWSER_SECRET_PATTERN.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function setBrowserCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAge: number,
) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  // Lax: sent on the provider's top-level redirect back, not on cross-site subrequests.
  reply.header(
    'set-cookie',
    `${SOCIAL_COOKIE_NAME}=${value}; Path=${SOCIAL_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** Our callback URL, as registered at the provider. */
function redirectUriOf(request: FastifyRequest, provider: string): string {
  return `${request.protocol}://${request.host}${SOCIAL_PATH}/${provider}/callback`;
}

function errorCodeOf(error: unknown): string {
  return error instanceof AppError ? error.errorCode : 'SOCIAL_SIGN_IN_FAILED';
}

export interface SocialRouteDeps {
  social: SocialService;
  logins: LoginService;
  rateLimit: RateLimiter;
}

/**
 * The browser's side of social sign-in: `start` and `callback` are navigations answered with
 * redirects (errors land on the site as `?socialError=<errorCode>`); `providers` and `exchange`
 * are ordinary calls of the site.
 */
export function registerSocialRoutes(
  app: FastifyInstance,
  registerCall: RegisterCall,
  deps: SocialRouteDeps,
): void {
  const { social, logins, rateLimit } = deps;

  app.get(`${SOCIAL_PATH}/:provider/start`, { schema: { hide: true } }, async (request, reply) => {
    const query = startQuerySchema.safeParse(request.query);
    const returnTo = safeReturnTo(query.success ? query.data.returnTo : undefined);
    try {
      const merchant = merchantOf(request);
      const { provider } = providerParamsSchema.parse(request.params);
      await rateLimit(SOCIAL_START_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
      const browserSecret =
        cookieValue(request, SOCIAL_COOKIE_NAME) ?? randomBytes(32).toString('base64url');
      const url = await social.start(merchant, provider, {
        returnTo,
        redirectUri: redirectUriOf(request, provider),
        browserSecret,
      });
      setBrowserCookie(request, reply, browserSecret, SOCIAL_COOKIE_MAX_AGE_SECONDS);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    } catch (error) {
      request.log.warn({ err: error }, 'social sign-in not started');
      return reply.redirect(withQuery(returnTo, 'socialError', errorCodeOf(error)), 302);
    }
  });

  app.get(
    `${SOCIAL_PATH}/:provider/callback`,
    { schema: { hide: true } },
    async (request, reply) => {
      const query = callbackQuerySchema.safeParse(request.query);
      try {
        const merchant = merchantOf(request);
        const { provider } = providerParamsSchema.parse(request.params);
        if (!query.success) throw new AppError('SOCIAL_STATE_INVALID');
        const result = await social.complete(merchant, provider, {
          state: query.data.state,
          code: query.data.code,
          providerError: query.data.error,
          browserSecret: cookieValue(request, SOCIAL_COOKIE_NAME),
          ip: request.ip,
        });
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(withQuery(result.returnTo, 'socialLogin', result.loginCode), 302);
      } catch (error) {
        request.log.warn({ err: error }, 'social sign-in refused');
        const returnTo = (error as { returnTo?: string }).returnTo ?? '/';
        return reply.redirect(withQuery(returnTo, 'socialError', errorCodeOf(error)), 302);
      }
    },
  );

  registerCall(socialProvidersCall, async ({ request }) => ({
    providers: await social.enabledProviders(merchantOf(request)),
  }));

  registerCall(socialExchangeCall, async ({ body, request, reply }) => {
    const merchant = merchantOf(request);
    await rateLimit(SOCIAL_EXCHANGE_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    const member = await social.exchange(
      merchant,
      body.code,
      cookieValue(request, SOCIAL_COOKIE_NAME),
    );
    setBrowserCookie(request, reply, '', 0);
    const session = await logins.startSession(merchant, member, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    // The member has no password of its own to be old or weak (SPEC §4: not for sms or firebase).
    return { ...session, passwordExpired: false };
  });
}
