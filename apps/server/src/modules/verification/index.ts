export {
  LOGIN_DELAY_MAX_SECONDS,
  LOGIN_FAILURES_BEFORE_DELAY,
  LOGIN_FAILURES_PER_HOUR_PER_ACCOUNT,
  LOGIN_FAILURES_PER_HOUR_PER_ADDRESS,
} from './login-throttle.js';
export { createVerificationRepository } from './repository.js';
export { CAPTCHA_PER_IP_LIMIT, registerVerificationRoutes } from './routes.js';
export {
  createVerificationService,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  type VerificationOptions,
  type VerificationService,
} from './service.js';
