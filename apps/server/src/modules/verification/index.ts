export {
  LOGIN_DELAY_MAX_SECONDS,
  LOGIN_FAILURES_BEFORE_DELAY,
  LOGIN_FAILURES_PER_HOUR_PER_ACCOUNT,
  LOGIN_FAILURES_PER_HOUR_PER_ADDRESS,
} from './login-throttle.js';
export {
  CAPTCHA_PER_IP_LIMIT,
  registerVerificationRoutes,
  SLIDER_PUZZLE_PER_IP_LIMIT,
  SLIDER_VERIFY_PER_IP_LIMIT,
} from './routes.js';
export {
  createVerificationService,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  type VerificationOptions,
  type VerificationService,
} from './service.js';
export type { ChallengeMerchant } from './slider-challenge.js';
