export { createOutboxSmsProvider, type SmsProvider } from './provider.js';
export type { OutboxSms, SmsPurpose } from './repository.js';
export { registerSmsRoutes } from './routes.js';
export {
  checkedPhoneNumber,
  createSmsService,
  type PhoneProof,
  type PhoneTokenVerifier,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MINUTES,
  SMS_DAILY_PER_IP,
  SMS_DAILY_PER_NUMBER,
  type SmsService,
} from './service.js';
export {
  createTwilioSmsProvider,
  TWILIO_REQUEST_TIMEOUT_MS,
  type TwilioOptions,
} from './twilio-provider.js';
