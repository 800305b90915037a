import { captchaCall } from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { merchantOf } from '../system/index.js';
import type { VerificationService } from './service.js';

/** Drawing images costs CPU: a person needs a few a minute, a bot farming them many. */
export const CAPTCHA_PER_IP_LIMIT: RateLimitRule = {
  name: 'captcha-ip',
  limit: 30,
  windowMs: 60 * 1000,
};

export function registerVerificationRoutes(
  registerCall: RegisterCall,
  deps: { verification: VerificationService; rateLimit: RateLimiter },
): void {
  const { verification, rateLimit } = deps;
  registerCall(captchaCall, async ({ request, reply }) => {
    const merchant = merchantOf(request);
    await rateLimit(CAPTCHA_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    void reply.header('Cache-Control', 'no-store');
    return verification.issueCaptcha(merchant.code);
  });
}
