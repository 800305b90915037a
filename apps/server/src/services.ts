import type { Db } from './db/database.js';
import { createPostgresRateLimitStore } from './db/rate-limit-store.js';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.js';
import { createLedgerRepository, createLedgerService } from './modules/ledger/index.js';
import { createMemberRepository, createMemberService } from './modules/member/index.js';
import { createSessionRepository, createSessionService } from './modules/session/index.js';
import { createMerchantRepository, createSystemService } from './modules/system/index.js';
import {
  createVerificationRepository,
  createVerificationService,
} from './modules/verification/index.js';

/** Every module's service on one database, built once per process and shared by HTTP and jobs. */
export function createServices(
  db: Db,
  options: {
    defaultMerchantCode?: string | undefined;
    /** Test-only: the answer of every captcha (see config CAPTCHA_FIXED_ANSWER). */
    captchaFixedAnswer?: string | undefined;
  } = {},
) {
  return {
    system: createSystemService(createMerchantRepository(db), {
      defaultMerchantCode: options.defaultMerchantCode,
    }),
    sessions: createSessionService(createSessionRepository(db)),
    members: createMemberService(createMemberRepository(db)),
    ledger: createLedgerService(createLedgerRepository(db)),
    verification: createVerificationService(createVerificationRepository(db), {
      fixedCaptchaAnswer: options.captchaFixedAnswer,
    }),
    rateLimit: createRateLimiter(createPostgresRateLimitStore(db)) as RateLimiter,
  };
}

export type Services = ReturnType<typeof createServices>;
