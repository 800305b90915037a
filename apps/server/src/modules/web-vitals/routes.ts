import { adminWebVitalsCall, reportWebVitalsCall } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { merchantOf } from '../system/index.js';
import type { WebVitalsService } from './service.js';

/**
 * A page view sends one report (two when the page is left after a late layout shift); a
 * person browsing fast opens a few pages a minute. More than this from one address is a script.
 */
export const WEB_VITALS_PER_IP_LIMIT: RateLimitRule = {
  name: 'web-vitals-ip',
  limit: 30,
  windowMs: 60 * 1000,
};

export function registerWebVitalsRoutes(
  registerCall: RegisterCall,
  deps: { webVitals: WebVitalsService; rateLimit: RateLimiter },
): void {
  const { webVitals, rateLimit } = deps;
  registerCall(reportWebVitalsCall, async ({ body, request, reply }) => {
    await rateLimit(WEB_VITALS_PER_IP_LIMIT, request.ip);
    void reply.header('Cache-Control', 'no-store');
    return webVitals.record(merchantOf(request).code, body);
  });
}

function operatorMerchantOf(request: FastifyRequest): string {
  const operator = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  return operator.merchantCode;
}

/** The console's report; the guard has checked `reports:read` against the contract's table. */
export function registerWebVitalsAdminRoutes(
  registerAdminCall: RegisterCall,
  webVitals: WebVitalsService,
): void {
  registerAdminCall(adminWebVitalsCall, async ({ request, query }) =>
    webVitals.p75(operatorMerchantOf(request), query),
  );
}
