import { captchaCall, sliderPuzzleCall, sliderVerifyCall } from '@app/contract';
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

/** Drawing a puzzle costs CPU like a captcha. */
export const SLIDER_PUZZLE_PER_IP_LIMIT: RateLimitRule = {
  name: 'slider-puzzle-ip',
  limit: 30,
  windowMs: 60 * 1000,
};
/** Each try spends its puzzle, so tries are bounded by puzzles too; this caps guessing bursts. */
export const SLIDER_VERIFY_PER_IP_LIMIT: RateLimitRule = {
  name: 'slider-verify-ip',
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

  registerCall(sliderPuzzleCall, async ({ request, reply }) => {
    const merchant = merchantOf(request);
    await rateLimit(SLIDER_PUZZLE_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    void reply.header('Cache-Control', 'no-store');
    return verification.issueSliderPuzzle(merchant.code);
  });
  registerCall(sliderVerifyCall, async ({ body, request, reply }) => {
    const merchant = merchantOf(request);
    await rateLimit(SLIDER_VERIFY_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    void reply.header('Cache-Control', 'no-store');
    return verification.verifySlider(merchant.code, body);
  });
}
