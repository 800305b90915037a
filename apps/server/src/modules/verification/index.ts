export { createVerificationRepository } from './repository.js';
export { CAPTCHA_PER_IP_LIMIT, registerVerificationRoutes } from './routes.js';
export {
  createVerificationService,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  type VerificationOptions,
  type VerificationService,
} from './service.js';
